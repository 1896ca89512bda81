-- AlterTable
ALTER TABLE "chat_sessions" ADD COLUMN     "activeAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "chargeId" TEXT,
ADD COLUMN     "clientRequestId" TEXT,
ADD COLUMN     "replyToId" TEXT,
ADD COLUMN     "selectedTool" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "chat_usage" ADD COLUMN     "chargeId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "chat_messages_sessionId_clientRequestId_key" ON "chat_messages"("sessionId", "clientRequestId");

-- CreateIndex
CREATE UNIQUE INDEX "chat_usage_chargeId_key" ON "chat_usage"("chargeId");
