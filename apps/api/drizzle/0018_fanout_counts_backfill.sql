-- Custom SQL migration file, put your code below! --
-- The delivered/opened counts of notifications sent before the sharded counters (0017 dropped the columns on
-- `notifications`), recounted from their delivery rows into shard 0.
INSERT INTO "notification_counts" ("notification_id", "shard", "delivered_count", "opened_count")
SELECT "notification_id", 0, count("delivered_at")::int, count("opened_at")::int
FROM "device_messages"
WHERE "notification_id" IS NOT NULL
GROUP BY "notification_id";
