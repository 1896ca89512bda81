-- The brand's own photos and clips in a Create Video request (docs/decisions/315-own-photos-and-clips.md).
-- AlterTable
ALTER TABLE "stories" ADD COLUMN     "mediaUrls" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "canvas_scenes" ADD COLUMN     "sourceMediaUrl" TEXT;
