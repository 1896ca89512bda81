-- The aspect ratio of a story, chosen at creation, and the link of another size or variant to
-- its original story (docs/decisions/214-aspect-ratio-at-creation.md, 215-story-variants.md).
ALTER TABLE "stories" ADD COLUMN "aspectRatio" TEXT NOT NULL DEFAULT '9:16';
ALTER TABLE "stories" ADD COLUMN "variantOfId" INTEGER;
ALTER TABLE "stories" ADD COLUMN "hookText" TEXT;

CREATE INDEX "stories_variantOfId_idx" ON "stories"("variantOfId");

ALTER TABLE "stories" ADD CONSTRAINT "stories_variantOfId_fkey" FOREIGN KEY ("variantOfId") REFERENCES "stories"("id") ON DELETE CASCADE ON UPDATE CASCADE;
