-- CreateEnum
CREATE TYPE "CreditReason" AS ENUM ('purchase', 'video_charge', 'chat_charge', 'tool_charge', 'custom_order_charge', 'refund', 'admin_grant', 'signup_bonus');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('pending', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'success', 'failure');

-- CreateEnum
CREATE TYPE "StoryStatus" AS ENUM ('queued', 'processing', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('in_queue', 'in_progress', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'private');

-- CreateEnum
CREATE TYPE "AnnouncementType" AS ENUM ('info', 'warning', 'success', 'error');

-- CreateEnum
CREATE TYPE "ProjectStatus" AS ENUM ('draft', 'in_progress', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "SceneStatus" AS ENUM ('pending', 'in_progress', 'completed');

-- CreateEnum
CREATE TYPE "AssetType" AS ENUM ('image', 'video', 'audio');

-- CreateEnum
CREATE TYPE "CompileStatus" AS ENUM ('queued', 'rendering', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ChatRole" AS ENUM ('system', 'user', 'assistant', 'tool');

-- CreateEnum
CREATE TYPE "ChatMessageStatus" AS ENUM ('thinking', 'working', 'completed', 'error');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('pending', 'processing', 'in_progress', 'completed', 'delivered', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "OrderMediaType" AS ENUM ('image', 'video', 'other');

-- CreateEnum
CREATE TYPE "OrderMediaRole" AS ENUM ('client', 'admin', 'delivery');

-- CreateEnum
CREATE TYPE "StaffSender" AS ENUM ('admin', 'user');

-- CreateEnum
CREATE TYPE "DeliveryState" AS ENUM ('pending', 'completed', 'error');

-- CreateEnum
CREATE TYPE "WorkflowRunStatus" AS ENUM ('queued', 'running', 'sleeping', 'waiting', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles" (
    "userId" TEXT NOT NULL,
    "username" TEXT,
    "avatarKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profiles_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "passwords" (
    "userId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "passwords_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "connections" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "phone_codes" (
    "id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "requestIp" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_messages" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_users" (
    "userId" TEXT NOT NULL,
    "grantedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_users_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_objects" (
    "id" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "originalName" TEXT,
    "ownerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_objects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_credits" (
    "userId" TEXT NOT NULL,
    "balance" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_credits_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "credit_update_logs" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "delta" DECIMAL(12,2) NOT NULL,
    "before" DECIMAL(12,2) NOT NULL,
    "after" DECIMAL(12,2) NOT NULL,
    "reason" "CreditReason" NOT NULL,
    "reference" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_update_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "price" DECIMAL(10,2) NOT NULL,
    "billing" TEXT NOT NULL DEFAULT 'One-time',
    "features" TEXT[],
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_codes" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "discountPercentage" INTEGER NOT NULL,
    "validUntil" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discount_usage" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "discountCodeId" TEXT NOT NULL,
    "transactionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discount_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_transactions" (
    "id" TEXT NOT NULL,
    "txnid" TEXT NOT NULL,
    "userId" TEXT,
    "guestId" TEXT,
    "planName" TEXT,
    "customOrderId" TEXT,
    "discountCodeId" TEXT,
    "amount" DECIMAL(10,2) NOT NULL,
    "originalAmount" DECIMAL(10,2) NOT NULL,
    "credits" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "status" "TransactionStatus" NOT NULL DEFAULT 'pending',
    "paymentStatus" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "provider" TEXT NOT NULL,
    "providerPaymentId" TEXT,
    "productInfo" TEXT NOT NULL,
    "callbackPayload" JSONB,
    "errorMessage" TEXT,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "story_type" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "details" JSONB,

    CONSTRAINT "story_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "voices" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "providerVoice" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'en',

    CONSTRAINT "voices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stories" (
    "id" SERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "readyToGo" BOOLEAN NOT NULL DEFAULT false,
    "storyTypeId" INTEGER,
    "voiceId" INTEGER,
    "productImageUrl" TEXT,
    "backgroundMusicUrl" TEXT,
    "finalVideoWithMusic" TEXT,
    "seoTitle" TEXT,
    "instagramHashtags" TEXT[],
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "status" "StoryStatus" NOT NULL DEFAULT 'queued',
    "progressStep" TEXT,
    "errorMessage" TEXT,
    "creditsCharged" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "projectId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "image_generation_jobs" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'in_queue',
    "visibility" "Visibility" NOT NULL DEFAULT 'private',
    "resultUrl" TEXT,
    "sourceImageUrl" TEXT,
    "settings" JSONB,
    "metadata" JSONB,
    "provider" TEXT,
    "providerRequestId" TEXT,
    "errorMessage" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "projectId" TEXT,
    "sceneId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "image_generation_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "video_generation_jobs" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'in_queue',
    "visibility" "Visibility" NOT NULL DEFAULT 'private',
    "resultUrl" TEXT,
    "sourceImageUrl" TEXT,
    "sceneDescription" TEXT,
    "metadata" JSONB,
    "provider" TEXT,
    "providerRequestId" TEXT,
    "errorMessage" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "projectId" TEXT,
    "sceneId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "video_generation_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_notifications" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "link" TEXT,
    "read" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "announcements" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "type" "AnnouncementType" NOT NULL DEFAULT 'info',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "endDate" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "announcements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_showcase_videos" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT,
    "videoPath" TEXT NOT NULL,
    "thumbnailPath" TEXT,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_showcase_videos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "canvas_projects" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "fullScript" TEXT,
    "status" "ProjectStatus" NOT NULL DEFAULT 'draft',
    "finalVideoUrl" TEXT,
    "mainProductImageUrl" TEXT,
    "aspectRatio" TEXT NOT NULL DEFAULT '9:16',
    "style" TEXT,
    "voiceId" INTEGER,
    "backgroundMusicUrl" TEXT,
    "analysis" JSONB,
    "canvasLayout" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "canvas_projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_assets" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "type" "AssetType" NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "canvas_scenes" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT,
    "script" TEXT,
    "voiceOverText" TEXT,
    "imagePrompt" TEXT,
    "customInstruction" TEXT,
    "imageUrl" TEXT,
    "videoUrl" TEXT,
    "productImageUrl" TEXT,
    "voiceOverUrl" TEXT,
    "voiceOverDuration" DOUBLE PRECISION,
    "backgroundMusicUrl" TEXT,
    "sceneOrder" INTEGER NOT NULL,
    "duration" DOUBLE PRECISION,
    "status" "SceneStatus" NOT NULL DEFAULT 'pending',
    "progressStep" TEXT,
    "errorMessage" TEXT,
    "imageRequestId" TEXT,
    "ttsRequestId" TEXT,
    "videoRequestId" TEXT,
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "templateId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "canvas_scenes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compile_jobs" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT 'mp4',
    "status" "CompileStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "provider" TEXT,
    "providerRequestId" TEXT,
    "videoUrl" TEXT,
    "errorMessage" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "compile_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "projectId" TEXT,
    "title" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "role" "ChatRole" NOT NULL,
    "content" TEXT NOT NULL,
    "status" "ChatMessageStatus" NOT NULL DEFAULT 'completed',
    "tasks" JSONB,
    "attachments" JSONB,
    "toolName" TEXT,
    "toolArguments" JSONB,
    "agentType" TEXT,
    "command" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_usage" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "messageContent" TEXT NOT NULL,
    "creditsCharged" DECIMAL(12,2) NOT NULL,
    "wordsCount" INTEGER NOT NULL,
    "selectedTool" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_order_guests" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phoneNumber" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_order_guests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_order_links" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "customRate" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "creditsAmount" INTEGER NOT NULL DEFAULT 5,
    "requirePhone" BOOLEAN NOT NULL DEFAULT true,
    "accessCode" TEXT NOT NULL,
    "expiryDate" TIMESTAMP(3),
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_order_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_orders" (
    "id" TEXT NOT NULL,
    "orderNumber" SERIAL NOT NULL,
    "userId" TEXT,
    "guestId" TEXT,
    "orderLinkId" TEXT,
    "status" "OrderStatus" NOT NULL DEFAULT 'pending',
    "creditsUsed" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "remark" TEXT,
    "adminNotes" TEXT,
    "deliveryUrl" TEXT,
    "deliveryMessage" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_order_images" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_order_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_order_media" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "mediaUrl" TEXT NOT NULL,
    "mediaType" "OrderMediaType" NOT NULL,
    "role" "OrderMediaRole" NOT NULL DEFAULT 'client',
    "thumbnailUrl" TEXT,
    "originalFilename" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_order_media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_messages" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sender" "StaffSender" NOT NULL,
    "senderId" TEXT,
    "message" TEXT NOT NULL DEFAULT '',
    "projectId" TEXT,
    "status" "DeliveryState" NOT NULL DEFAULT 'completed',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_attachments" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "message_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_runs" (
    "id" TEXT NOT NULL,
    "functionId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "status" "WorkflowRunStatus" NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "runAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "waitingFor" JSONB,
    "output" JSONB,
    "error" JSONB,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "workflow_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_steps" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "name" TEXT,
    "op" TEXT NOT NULL,
    "data" JSONB,
    "error" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_events" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_phone_key" ON "users"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "profiles_username_key" ON "profiles"("username");

-- CreateIndex
CREATE INDEX "profiles_createdAt_idx" ON "profiles"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "profiles_updatedAt_idx" ON "profiles"("updatedAt");

-- CreateIndex
CREATE INDEX "connections_userId_idx" ON "connections"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "connections_provider_providerId_key" ON "connections"("provider", "providerId");

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- CreateIndex
CREATE INDEX "sessions_expiresAt_idx" ON "sessions"("expiresAt");

-- CreateIndex
CREATE INDEX "phone_codes_phone_createdAt_idx" ON "phone_codes"("phone", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "phone_codes_requestIp_createdAt_idx" ON "phone_codes"("requestIp", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "sms_messages_to_createdAt_idx" ON "sms_messages"("to", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "sms_messages_createdAt_idx" ON "sms_messages"("createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_tokenHash_key" ON "api_tokens"("tokenHash");

-- CreateIndex
CREATE INDEX "api_tokens_userId_createdAt_idx" ON "api_tokens"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "stored_objects_ownerId_createdAt_idx" ON "stored_objects"("ownerId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "stored_objects_bucket_key_key" ON "stored_objects"("bucket", "key");

-- CreateIndex
CREATE INDEX "credit_update_logs_userId_createdAt_idx" ON "credit_update_logs"("userId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "credit_update_logs_userId_reason_reference_key" ON "credit_update_logs"("userId", "reason", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes"("code");

-- CreateIndex
CREATE UNIQUE INDEX "discount_usage_transactionId_key" ON "discount_usage"("transactionId");

-- CreateIndex
CREATE UNIQUE INDEX "discount_usage_userId_discountCodeId_key" ON "discount_usage"("userId", "discountCodeId");

-- CreateIndex
CREATE UNIQUE INDEX "payment_transactions_txnid_key" ON "payment_transactions"("txnid");

-- CreateIndex
CREATE INDEX "payment_transactions_userId_createdAt_idx" ON "payment_transactions"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "payment_transactions_customOrderId_idx" ON "payment_transactions"("customOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "story_type_name_key" ON "story_type"("name");

-- CreateIndex
CREATE UNIQUE INDEX "voices_name_key" ON "voices"("name");

-- CreateIndex
CREATE UNIQUE INDEX "stories_projectId_key" ON "stories"("projectId");

-- CreateIndex
CREATE INDEX "stories_userId_createdAt_idx" ON "stories"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "stories_isPublic_createdAt_idx" ON "stories"("isPublic", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "image_generation_jobs_userId_createdAt_idx" ON "image_generation_jobs"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "image_generation_jobs_status_createdAt_idx" ON "image_generation_jobs"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "image_generation_jobs_visibility_createdAt_idx" ON "image_generation_jobs"("visibility", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "video_generation_jobs_userId_createdAt_idx" ON "video_generation_jobs"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "video_generation_jobs_status_createdAt_idx" ON "video_generation_jobs"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "video_generation_jobs_visibility_createdAt_idx" ON "video_generation_jobs"("visibility", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "user_notifications_userId_read_createdAt_idx" ON "user_notifications"("userId", "read", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "announcements_active_endDate_idx" ON "announcements"("active", "endDate");

-- CreateIndex
CREATE INDEX "auth_showcase_videos_displayOrder_idx" ON "auth_showcase_videos"("displayOrder");

-- CreateIndex
CREATE INDEX "canvas_projects_userId_updatedAt_idx" ON "canvas_projects"("userId", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "canvas_projects_createdAt_idx" ON "canvas_projects"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "project_assets_projectId_createdAt_idx" ON "project_assets"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "canvas_scenes_projectId_sceneOrder_idx" ON "canvas_scenes"("projectId", "sceneOrder");

-- CreateIndex
CREATE INDEX "compile_jobs_projectId_createdAt_idx" ON "compile_jobs"("projectId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "chat_sessions_userId_updatedAt_idx" ON "chat_sessions"("userId", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "chat_sessions_projectId_idx" ON "chat_sessions"("projectId");

-- CreateIndex
CREATE INDEX "chat_messages_sessionId_createdAt_idx" ON "chat_messages"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "chat_usage_userId_createdAt_idx" ON "chat_usage"("userId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "custom_order_links_accessCode_key" ON "custom_order_links"("accessCode");

-- CreateIndex
CREATE INDEX "custom_order_links_createdAt_idx" ON "custom_order_links"("createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "custom_orders_orderNumber_key" ON "custom_orders"("orderNumber");

-- CreateIndex
CREATE INDEX "custom_orders_userId_createdAt_idx" ON "custom_orders"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "custom_orders_status_createdAt_idx" ON "custom_orders"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "custom_orders_createdAt_idx" ON "custom_orders"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "custom_order_images_orderId_idx" ON "custom_order_images"("orderId");

-- CreateIndex
CREATE INDEX "custom_order_media_orderId_createdAt_idx" ON "custom_order_media"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "staff_messages_userId_createdAt_idx" ON "staff_messages"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "staff_messages_createdAt_idx" ON "staff_messages"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "message_attachments_messageId_idx" ON "message_attachments"("messageId");

-- CreateIndex
CREATE INDEX "workflow_runs_status_runAfter_idx" ON "workflow_runs"("status", "runAfter");

-- CreateIndex
CREATE INDEX "workflow_runs_functionId_createdAt_idx" ON "workflow_runs"("functionId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "workflow_steps_runId_stepId_key" ON "workflow_steps"("runId", "stepId");

-- CreateIndex
CREATE INDEX "workflow_events_name_createdAt_idx" ON "workflow_events"("name", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passwords" ADD CONSTRAINT "passwords_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_grantedById_fkey" FOREIGN KEY ("grantedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_update_logs" ADD CONSTRAINT "credit_update_logs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_usage" ADD CONSTRAINT "discount_usage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_usage" ADD CONSTRAINT "discount_usage_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "discount_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "custom_order_guests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_customOrderId_fkey" FOREIGN KEY ("customOrderId") REFERENCES "custom_orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "discount_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stories" ADD CONSTRAINT "stories_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stories" ADD CONSTRAINT "stories_storyTypeId_fkey" FOREIGN KEY ("storyTypeId") REFERENCES "story_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stories" ADD CONSTRAINT "stories_voiceId_fkey" FOREIGN KEY ("voiceId") REFERENCES "voices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stories" ADD CONSTRAINT "stories_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_generation_jobs" ADD CONSTRAINT "image_generation_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "video_generation_jobs" ADD CONSTRAINT "video_generation_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canvas_projects" ADD CONSTRAINT "canvas_projects_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_assets" ADD CONSTRAINT "project_assets_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canvas_scenes" ADD CONSTRAINT "canvas_scenes_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compile_jobs" ADD CONSTRAINT "compile_jobs_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compile_jobs" ADD CONSTRAINT "compile_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_usage" ADD CONSTRAINT "chat_usage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_order_links" ADD CONSTRAINT "custom_order_links_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "custom_order_guests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_orderLinkId_fkey" FOREIGN KEY ("orderLinkId") REFERENCES "custom_order_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_order_images" ADD CONSTRAINT "custom_order_images_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "custom_orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_order_media" ADD CONSTRAINT "custom_order_media_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "custom_orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_messages" ADD CONSTRAINT "staff_messages_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "canvas_projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "staff_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_runId_fkey" FOREIGN KEY ("runId") REFERENCES "workflow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

