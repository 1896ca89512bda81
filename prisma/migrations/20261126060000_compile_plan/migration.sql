-- A compile's plan fixed at the request, and a notice for the user
-- (docs/decisions/250-compile-plan-fixed-at-request.md).
ALTER TABLE "compile_jobs" ADD COLUMN "scenePlan" JSONB;
ALTER TABLE "compile_jobs" ADD COLUMN "notice" TEXT;
