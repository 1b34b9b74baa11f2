-- Issue 22 (DECISIONS §14), hand-written: fills what 0026_invoices added for rows made before it.
-- 1. The refunded amount, seats and date of every payment, from its succeeded refunds.
UPDATE "payments" p
SET "refunded_amount" = r.amount, "refunded_qty" = r.qty, "refunded_at" = r.at
FROM (
  SELECT "payment_id", sum("amount") AS amount, sum("qty")::int AS qty, max(coalesce("completed_at", "created_at")) AS at
  FROM "payment_refunds"
  WHERE "status" = 'succeeded'
  GROUP BY "payment_id"
) r
WHERE r."payment_id" = p."id";
--> statement-breakpoint
-- 2. Invoice numbers for settled payments, per year of the payment, in the order they were made.
UPDATE "payments" p
SET "invoice_number" = 'INV-' || n.y || '-' || lpad(n.seq::text, 6, '0'), "invoiced_at" = p."created_at"
FROM (
  SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS y,
    row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id") AS seq
  FROM "payments"
  WHERE "status" IN ('Success', 'Refunded', 'Partially refunded') AND "invoice_number" IS NULL
) n
WHERE n."id" = p."id";
--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last_number")
SELECT 'INV', extract(year FROM "invoiced_at" AT TIME ZONE 'UTC')::int, count(*)
FROM "payments" WHERE "invoice_number" IS NOT NULL
GROUP BY 2
ON CONFLICT ("kind", "year") DO UPDATE SET "last_number" = greatest("document_counters"."last_number", excluded."last_number");
--> statement-breakpoint
-- 3. A credit note for every succeeded refund, per year of the refund, in the order they were made.
INSERT INTO "credit_notes" ("number", "payment_id", "refund_id", "customer_id", "amount", "qty", "created_at")
SELECT 'CN-' || y || '-' || lpad(seq::text, 6, '0'), "payment_id", "id", "customer_id", "amount", "qty", at
FROM (
  SELECT r."id", r."payment_id", r."customer_id", r."amount", r."qty", coalesce(r."completed_at", r."created_at") AS at,
    extract(year FROM coalesce(r."completed_at", r."created_at") AT TIME ZONE 'UTC')::int AS y,
    row_number() OVER (
      PARTITION BY extract(year FROM coalesce(r."completed_at", r."created_at") AT TIME ZONE 'UTC')
      ORDER BY coalesce(r."completed_at", r."created_at"), r."id"
    ) AS seq
  FROM "payment_refunds" r
  WHERE r."status" = 'succeeded'
) c;
--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last_number")
SELECT 'CN', extract(year FROM "created_at" AT TIME ZONE 'UTC')::int, count(*)
FROM "credit_notes"
GROUP BY 2
ON CONFLICT ("kind", "year") DO UPDATE SET "last_number" = greatest("document_counters"."last_number", excluded."last_number");
