-- One scene-order rule for every door (docs/decisions/255-one-scene-order-rule.md): a project's
-- scenes are numbered 1, 2, 3 ... in play order. Projects made on the management page numbered
-- from 0, and a scene added from the chat could repeat an order: every project whose scenes are
-- not exactly 1..n is renumbered in its play order (order, then creation time).
WITH numbered AS (
  SELECT "id", "projectId", "sceneOrder",
         ROW_NUMBER() OVER (PARTITION BY "projectId" ORDER BY "sceneOrder" ASC, "createdAt" ASC, "id" ASC) AS "position"
  FROM "canvas_scenes"
),
broken AS (
  SELECT DISTINCT "projectId" FROM numbered WHERE "sceneOrder" <> "position"
)
UPDATE "canvas_scenes" AS s
SET "sceneOrder" = n."position"
FROM numbered n
WHERE s."id" = n."id" AND n."projectId" IN (SELECT "projectId" FROM broken) AND s."sceneOrder" <> n."position";

-- A chat message whose reply ran a tool that failed was left charged but never settled (the
-- reply had ended "error" before the end that settles it): the assistant answered, so those
-- charges are settled (docs/decisions/192-chat-charge-once-per-client-request.md). Nothing
-- moves in the balances: the credits were taken when the message was sent.
UPDATE "work_charges" AS w
SET "status" = 'completed', "updatedAt" = now()
WHERE w."work" = 'chat_message' AND w."status" = 'charged'
  AND EXISTS (
    SELECT 1 FROM "chat_messages" u
    JOIN "chat_messages" r ON r."replyToId" = u."id" AND r."role" = 'assistant'
    WHERE u."chargeId" = w."id" AND r."status" IN ('completed', 'error')
  );
