-- Failure texts written before failures were worded for people (docs/decisions/271-render-failures-in-users-words.md)
-- may hold ffmpeg's stderr and absolute server paths. They are replaced by the message for the
-- input they concern (from the bucket or the tool's words), or the generic message. The same
-- rule runs in app/models/failure-messages.ts for everything written from now on.

UPDATE "compile_jobs" SET "errorMessage" = CASE
    WHEN "errorMessage" ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~ '^Failed while [^:]{1,60}: ' THEN substring("errorMessage" from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again. If it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again. If it fails again, contact support.'
  END
WHERE "errorMessage" ~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)';

UPDATE "canvas_scenes" SET "errorMessage" = CASE
    WHEN "errorMessage" ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~ '^Failed while [^:]{1,60}: ' THEN substring("errorMessage" from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again. If it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again. If it fails again, contact support.'
  END
WHERE "errorMessage" ~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)';

UPDATE "stories" SET "errorMessage" = CASE
    WHEN "errorMessage" ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~ '^Failed while [^:]{1,60}: ' THEN substring("errorMessage" from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again. If it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again. If it fails again, contact support.'
  END
WHERE "errorMessage" ~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)';

UPDATE "image_generation_jobs" SET "errorMessage" = CASE
    WHEN "errorMessage" ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~ '^Failed while [^:]{1,60}: ' THEN substring("errorMessage" from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again. If it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again. If it fails again, contact support.'
  END
WHERE "errorMessage" ~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)';

UPDATE "video_generation_jobs" SET "errorMessage" = CASE
    WHEN "errorMessage" ~* '(background-music|music)' THEN 'The background music file could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(voice[-_ ]?over|voices?[^[:alnum:]]|\.wav)' THEN 'The voice-over file of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(vips|png|jpe?g|webp|image|photo)' THEN 'The image of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~* '(clip|\.mp4|\.webm|\.mov)' THEN 'The video clip of a scene could not be read. Please upload another one.'
    WHEN "errorMessage" ~ '^Failed while [^:]{1,60}: ' THEN substring("errorMessage" from '^(Failed while [^:]{1,60}): ') || ': Something went wrong while making this video. Please try again. If it fails again, contact support.'
    ELSE 'Something went wrong while making this video. Please try again. If it fails again, contact support.'
  END
WHERE "errorMessage" ~* '(vips|libpng|libjpeg|demuxer|stderr|moov atom|invalid data found|conversion failed|could not seek|exit [0-9]+|ENOENT|EACCES|EISDIR|ENOTDIR|errno|syscall|@ 0x[0-9a-f]+|(^|[[:space:]''"(=:,])(/[[:alnum:]._@+-]+){2,}|[A-Za-z]:\\)';
