-- CreateEnum
CREATE TYPE "DiscountUsageState" AS ENUM ('reserved', 'used');

-- AlterTable
ALTER TABLE "discount_usage" ADD COLUMN     "state" "DiscountUsageState" NOT NULL DEFAULT 'used';

