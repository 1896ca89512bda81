-- The storyboard of a Create Video request and the times of its steps (docs/decisions/355-storyboard-and-eta.md).
-- AlterTable
ALTER TABLE "stories" ADD COLUMN     "storyboard" JSONB,
ADD COLUMN     "stepTimes" JSONB;
