-- AlterTable
ALTER TABLE "stories" ADD COLUMN     "captions" JSONB;

-- AlterTable
ALTER TABLE "compile_jobs" ADD COLUMN     "captions" JSONB;

-- CreateTable
CREATE TABLE "caption_preferences" (
    "userId" TEXT NOT NULL,
    "style" TEXT,
    "size" TEXT,
    "position" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "caption_preferences_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "caption_preferences" ADD CONSTRAINT "caption_preferences_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
