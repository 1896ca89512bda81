-- One charging path (docs/decisions/280-one-charging-path.md): Create Video, variants and custom
-- orders charge through work_charges like every other paid door, keeping their ledger
-- references ("story:<id>", the order id), which the row now remembers for its refund.
ALTER TABLE "work_charges" ADD COLUMN "ledgerReference" TEXT;

-- Stories and custom orders charged before this change get the row they would have had, so a
-- story still in production is refunded through it, once: refunded when the ledger holds the
-- refund, delivered when the story is ready (the order delivered), open otherwise.
INSERT INTO "work_charges" ("id", "userId", "batchId", "work", "item", "credits", "status", "ledgerReference", "createdAt", "updatedAt")
SELECT 'pre280-' || l."id", l."userId", l."reference",
       CASE WHEN s."variantOfId" IS NULL THEN 'video' ELSE 'story_variant' END,
       CASE WHEN s."variantOfId" IS NULL THEN 'video' ELSE 'variant' END,
       -l."delta",
       (CASE
          WHEN EXISTS (SELECT 1 FROM "credit_update_logs" r WHERE r."userId" = l."userId" AND r."reason" = 'refund' AND r."reference" = l."reference") THEN 'refunded'
          WHEN s."status" = 'ready' THEN 'completed'
          ELSE 'charged'
        END)::"WorkChargeStatus",
       l."reference", l."createdAt", now()
FROM "credit_update_logs" l
JOIN "stories" s ON l."reference" = 'story:' || s."id"::text AND s."userId" = l."userId"
WHERE l."reason" = 'video_charge' AND l."delta" < 0
ON CONFLICT DO NOTHING;

INSERT INTO "work_charges" ("id", "userId", "batchId", "work", "item", "credits", "status", "ledgerReference", "createdAt", "updatedAt")
SELECT 'pre280-' || l."id", l."userId", l."reference", 'custom_order', 'custom order', -l."delta",
       (CASE WHEN o."deliveredAt" IS NOT NULL THEN 'completed' ELSE 'charged' END)::"WorkChargeStatus",
       l."reference", l."createdAt", now()
FROM "credit_update_logs" l
JOIN "custom_orders" o ON o."id" = l."reference"
WHERE l."reason" = 'custom_order_charge' AND l."delta" < 0
ON CONFLICT DO NOTHING;
