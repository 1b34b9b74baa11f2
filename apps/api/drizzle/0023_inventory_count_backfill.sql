-- Custom SQL migration file, put your code below! --
-- Issue 12, item 5: the inventory quota sums devices.inventory_count; count the rows stored before this column.
UPDATE "devices" d SET "inventory_count" = c.n
  FROM (SELECT "device_id", count(*)::int AS n FROM "device_applications" GROUP BY "device_id") c
 WHERE c."device_id" = d."id";
