-- Custom SQL migration file, put your code below! --
-- Hand-written (Drizzle cannot express triggers): the per-customer payment stats (schema.ts "payment stats") and the
-- `ALL` seat-summary row of every customer (schema.ts "customers (back office, issue 10)").
-- 1. customer_payment_stats: every insert, delete and status change of a payment adjusts its customer's counts in the
--    writer's own transaction, whichever module writes (checkout, events, refunds, offline sales, seat edits).
CREATE FUNCTION customer_payment_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE customer_payment_stats
      SET success_count = success_count - (OLD.status = 'Success')::int,
          payment_count = payment_count - (TG_OP = 'DELETE' OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)::int
      WHERE customer_id = OLD.customer_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.customer_id IS DISTINCT FROM NEW.customer_id) THEN
    INSERT INTO customer_payment_stats AS s (customer_id, success_count, payment_count)
      VALUES (NEW.customer_id, (NEW.status = 'Success')::int, 1)
      ON CONFLICT (customer_id) DO UPDATE
        SET success_count = s.success_count + excluded.success_count, payment_count = s.payment_count + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE customer_payment_stats SET success_count = success_count + (NEW.status = 'Success')::int
      WHERE customer_id = NEW.customer_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_stats_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION customer_payment_stats_track();
--> statement-breakpoint
CREATE TRIGGER payments_stats_update AFTER UPDATE OF status, customer_id ON payments
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION customer_payment_stats_track();
--> statement-breakpoint
CREATE FUNCTION customer_payment_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- DELETE, not TRUNCATE: `TRUNCATE customers CASCADE` empties this table in the same statement, and a nested
  -- TRUNCATE of a table that statement holds open is refused.
  DELETE FROM customer_payment_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_stats_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION customer_payment_stats_truncate();
--> statement-breakpoint
INSERT INTO customer_payment_stats (customer_id, success_count, payment_count)
  SELECT customer_id, count(*) FILTER (WHERE status = 'Success')::int, count(*)::int FROM payments GROUP BY 1;
--> statement-breakpoint
-- 2. Every customer gets its `ALL` seat-summary row (zeros) when created, so the customer list's "Purchased Devices = 0"
--    walks customer_seats_purchased_idx like any other count. licences/seats.ts refreshSeatSummary overwrites it.
CREATE FUNCTION customer_seats_all_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_seats (customer_id, family, customer_created_at)
    VALUES (NEW.id, 'ALL', NEW.created_at) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_seats_all_row AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_seats_all_row();
--> statement-breakpoint
-- Customers without any grant have nothing to count: their zero row now. Those with grants but no row yet are left to
-- the `customer_seats.backfill` job (licences/seats.ts backfillSeatSummary), which recounts them from the ledger.
INSERT INTO customer_seats (customer_id, family, customer_created_at)
  SELECT c.id, 'ALL', c.created_at FROM customers c
  WHERE NOT EXISTS (SELECT 1 FROM licence_grants g WHERE g.customer_id = c.id)
  ON CONFLICT DO NOTHING;
