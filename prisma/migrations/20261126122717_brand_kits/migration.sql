-- CreateTable
CREATE TABLE "brand_kits" (
    "userId" TEXT NOT NULL,
    "logoKey" TEXT,
    "colors" TEXT[],
    "fontId" TEXT NOT NULL DEFAULT 'inter',
    "callToAction" TEXT,
    "website" TEXT,
    "cornerMark" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "brand_kits_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
