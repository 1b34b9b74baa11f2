-- Hand-written (Drizzle cannot express triggers): the revenue delta queue (schema.ts "payment_revenue").
-- Gross: a payment entering the paid states (Success, and Refunded / Partially refunded, which were paid first) adds
-- its total on the moment it got there (an insert: its created_at; a later change: now()); a paid payment whose total
-- changes adds the difference now. Refunded: a payment_refunds row becoming `succeeded` adds its amount on its
-- completed_at (a succeeded row changing back or changing amount takes the old amount off its old moment).
-- Deletes leave revenue alone (money that moved stays moved); TRUNCATE of payments empties it (tests).
CREATE FUNCTION payment_revenue_gross_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was numeric := 0;
  now_is numeric := 0;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('Success', 'Refunded', 'Partially refunded') THEN
    was := OLD.total_amount;
  END IF;
  IF NEW.status IN ('Success', 'Refunded', 'Partially refunded') THEN
    now_is := NEW.total_amount;
  END IF;
  IF now_is <> was THEN
    INSERT INTO payment_revenue_deltas (bucket, gross, refunded)
    VALUES (date_bin('15 minutes', CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END,
                     timestamptz '2000-01-01'), now_is - was, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_revenue_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_revenue_gross_track();
--> statement-breakpoint
CREATE TRIGGER payments_revenue_update AFTER UPDATE OF status, total_amount ON payments
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_amount IS DISTINCT FROM NEW.total_amount)
  EXECUTE FUNCTION payment_revenue_gross_track();
--> statement-breakpoint
CREATE FUNCTION payment_revenue_refund_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'succeeded' THEN
    INSERT INTO payment_revenue_deltas (bucket, gross, refunded)
    VALUES (date_bin('15 minutes', coalesce(OLD.completed_at, OLD.created_at), timestamptz '2000-01-01'), 0,
            -OLD.amount);
  END IF;
  IF NEW.status = 'succeeded' THEN
    INSERT INTO payment_revenue_deltas (bucket, gross, refunded)
    VALUES (date_bin('15 minutes', coalesce(NEW.completed_at, now()), timestamptz '2000-01-01'), 0, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_revenue_insert AFTER INSERT ON payment_refunds
  FOR EACH ROW EXECUTE FUNCTION payment_revenue_refund_track();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_revenue_update AFTER UPDATE OF status, amount, completed_at ON payment_refunds
  FOR EACH ROW
  WHEN ((OLD.status = 'succeeded' OR NEW.status = 'succeeded')
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount
             OR OLD.completed_at IS DISTINCT FROM NEW.completed_at))
  EXECUTE FUNCTION payment_revenue_refund_track();
--> statement-breakpoint
CREATE FUNCTION payment_revenue_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_revenue, payment_revenue_daily, payment_revenue_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_revenue_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_revenue_truncate();
--> statement-breakpoint
-- Backfill from what the tables hold now: paid payments on their creation (when they succeeded is not recorded;
-- checkout succeeds within seconds of creating the row), succeeded refunds on their completion.
INSERT INTO payment_revenue (bucket, gross, refunded)
  SELECT bucket, sum(gross), sum(refunded) FROM (
    SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01') AS bucket, total_amount AS gross, 0 AS refunded
    FROM payments WHERE status IN ('Success', 'Refunded', 'Partially refunded')
    UNION ALL
    SELECT date_bin('15 minutes', coalesce(completed_at, created_at), timestamptz '2000-01-01'), 0, amount
    FROM payment_refunds WHERE status = 'succeeded'
  ) x GROUP BY 1;
--> statement-breakpoint
INSERT INTO payment_revenue_daily (day, gross, refunded)
  SELECT (bucket AT TIME ZONE 'UTC')::date, sum(gross), sum(refunded) FROM payment_revenue GROUP BY 1;
