-- Failure texts written before failures were worded for people (docs/decisions/271-render-failures-in-users-words.md)
-- may hold ffmpeg's stderr and absolute server paths. They are replaced by the message for the
-- input they concern (from the bucket or the tool's words), or the generic message. The same
-- rule runs in app/models/failure-messages.ts for everything written from now on.
CREATE OR REPLACE FUNCTION pg_temp.rf_presentable(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t IS NULL OR t = '' THEN t
    WHEN t !~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)' THEN t
    WHEN t ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN t ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN t ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN t ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN t ~ '^Failed while [^:]{1,60}: ' THEN substring(t from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again; if it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again; if it fails again, contact support.'
  END
$$;

UPDATE "compile_jobs" SET "errorMessage" = pg_temp.rf_presentable("errorMessage") WHERE "errorMessage" IS DISTINCT FROM pg_temp.rf_presentable("errorMessage");
UPDATE "canvas_scenes" SET "errorMessage" = pg_temp.rf_presentable("errorMessage") WHERE "errorMessage" IS DISTINCT FROM pg_temp.rf_presentable("errorMessage");
UPDATE "stories" SET "errorMessage" = pg_temp.rf_presentable("errorMessage") WHERE "errorMessage" IS DISTINCT FROM pg_temp.rf_presentable("errorMessage");
UPDATE "image_generation_jobs" SET "errorMessage" = pg_temp.rf_presentable("errorMessage") WHERE "errorMessage" IS DISTINCT FROM pg_temp.rf_presentable("errorMessage");
UPDATE "video_generation_jobs" SET "errorMessage" = pg_temp.rf_presentable("errorMessage") WHERE "errorMessage" IS DISTINCT FROM pg_temp.rf_presentable("errorMessage");
