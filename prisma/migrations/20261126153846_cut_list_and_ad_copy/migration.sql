-- The finished video's cut list (docs/decisions/375-the-ad-cut-list.md) and the ad's words from a
-- language model, stored once per video (docs/decisions/377-model-ad-copy-in-create-video.md).
-- AlterTable
ALTER TABLE "canvas_projects" ADD COLUMN     "adCopy" JSONB;

-- AlterTable
ALTER TABLE "compile_jobs" ADD COLUMN     "cutList" JSONB;
