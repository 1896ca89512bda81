-- The Create Video story that paid for a scene's clip made after Ready (docs/decisions/383-clips-paid-by-their-story.md).
-- AlterTable
ALTER TABLE "canvas_scenes" ADD COLUMN     "clipPaidBy" TEXT;
