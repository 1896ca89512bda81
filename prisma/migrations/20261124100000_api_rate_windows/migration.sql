-- CreateTable
CREATE TABLE "api_rate_windows" (
    "key" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_rate_windows_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "api_rate_windows_windowStart_idx" ON "api_rate_windows"("windowStart");
