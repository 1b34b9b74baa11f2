-- Hand-written (Drizzle cannot express triggers): the payment dashboard's delta queues (schema.ts "payment dashboard").
-- Every insert, delete and change of status/family/creation time of a payment, and every change of a customer's
-- country, appends +1/-1 rows in the writer's own transaction, whichever module writes; the `rollup.payments` job
-- folds them into payment_counts, payment_counts_daily and customer_country_counts. Then the counts start from what
-- the tables hold now.
CREATE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_count_deltas (bucket, family, status, delta)
    VALUES (date_bin('15 minutes', OLD.created_at, timestamptz '2000-01-01'), OLD.family, OLD.status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO payment_count_deltas (bucket, family, status, delta)
    VALUES (date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01'), NEW.family, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_counts_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE TRIGGER payments_counts_update AFTER UPDATE OF status, family, created_at ON payments
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.family IS DISTINCT FROM NEW.family
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE FUNCTION payment_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_counts, payment_counts_daily, payment_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_counts_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_truncate();
--> statement-breakpoint
CREATE FUNCTION customer_country_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO customer_country_deltas (country, delta) VALUES (coalesce(OLD.country_code, ''), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO customer_country_deltas (country, delta) VALUES (coalesce(NEW.country_code, ''), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_country_insert_delete AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_country_track();
--> statement-breakpoint
CREATE TRIGGER customers_country_update AFTER UPDATE OF country_code ON customers
  FOR EACH ROW WHEN (OLD.country_code IS DISTINCT FROM NEW.country_code)
  EXECUTE FUNCTION customer_country_track();
--> statement-breakpoint
CREATE FUNCTION customer_country_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE customer_country_counts, customer_country_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_country_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_country_truncate();
--> statement-breakpoint
INSERT INTO payment_counts (bucket, family, status, count)
  SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01'), family, status, count(*)::int
  FROM payments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO payment_counts_daily (day, family, status, count)
  SELECT (created_at AT TIME ZONE 'UTC')::date, family, status, count(*)::int FROM payments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO customer_country_counts (country, count)
  SELECT coalesce(country_code, ''), count(*)::int FROM customers GROUP BY 1;
