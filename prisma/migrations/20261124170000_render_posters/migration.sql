-- A finished video's poster frame (docs/decisions/198-poster-frame.md).
ALTER TABLE "compile_jobs" ADD COLUMN "posterUrl" TEXT;
ALTER TABLE "stories" ADD COLUMN "posterUrl" TEXT;
