-- CreateEnum
CREATE TYPE "WorkChargeStatus" AS ENUM ('charged', 'completed', 'refunded');

-- CreateEnum
CREATE TYPE "SceneAssetKind" AS ENUM ('image', 'voice_over', 'video');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "CreditReason" ADD VALUE 'generation_charge';
ALTER TYPE "CreditReason" ADD VALUE 'compile_charge';

-- AlterTable
ALTER TABLE "canvas_scenes" ADD COLUMN     "imageInputsHash" TEXT,
ADD COLUMN     "videoInputsHash" TEXT,
ADD COLUMN     "voiceOverInputsHash" TEXT;

-- CreateTable
CREATE TABLE "work_charges" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "work" TEXT NOT NULL,
    "item" TEXT NOT NULL,
    "projectId" TEXT,
    "sceneId" TEXT,
    "credits" DECIMAL(12,2) NOT NULL,
    "status" "WorkChargeStatus" NOT NULL DEFAULT 'charged',
    "clientRequestId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "work_charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scene_asset_versions" (
    "id" TEXT NOT NULL,
    "sceneId" TEXT NOT NULL,
    "kind" "SceneAssetKind" NOT NULL,
    "url" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "inputsHash" TEXT,
    "inputs" JSONB,
    "durationSec" DOUBLE PRECISION,
    "madeBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scene_asset_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "work_charges_userId_createdAt_idx" ON "work_charges"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "work_charges_projectId_status_idx" ON "work_charges"("projectId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "work_charges_batchId_item_key" ON "work_charges"("batchId", "item");

-- CreateIndex
CREATE UNIQUE INDEX "work_charges_userId_clientRequestId_item_key" ON "work_charges"("userId", "clientRequestId", "item");

-- CreateIndex
CREATE INDEX "scene_asset_versions_sceneId_kind_createdAt_idx" ON "scene_asset_versions"("sceneId", "kind", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "scene_asset_versions_sceneId_kind_url_key" ON "scene_asset_versions"("sceneId", "kind", "url");

-- AddForeignKey
ALTER TABLE "work_charges" ADD CONSTRAINT "work_charges_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scene_asset_versions" ADD CONSTRAINT "scene_asset_versions_sceneId_fkey" FOREIGN KEY ("sceneId") REFERENCES "canvas_scenes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

