CREATE TABLE "payment_counts_monthly" (
	"month" date NOT NULL,
	"family" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "payment_counts_monthly_month_family_status_pk" PRIMARY KEY("month","family","status")
);
--> statement-breakpoint
CREATE TABLE "payment_revenue_monthly" (
	"month" date PRIMARY KEY NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_views_day_id_idx" ON "page_views" USING btree ("day","id","page");--> statement-breakpoint
-- Hand-written (issue 22): the monthly rollups are emptied with the others when payments are truncated (tests),
-- kept by the `rollup.payments` fold beside the daily ones, and built here from the daily rows.
CREATE OR REPLACE FUNCTION payment_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_counts, payment_counts_daily, payment_counts_monthly, payment_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_revenue_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_revenue, payment_revenue_daily, payment_revenue_monthly, payment_revenue_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO payment_counts_monthly (month, family, status, count)
  SELECT date_trunc('month', day)::date, family, status, sum(count)::int FROM payment_counts_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO payment_revenue_monthly (month, gross, refunded)
  SELECT date_trunc('month', day)::date, sum(gross), sum(refunded) FROM payment_revenue_daily GROUP BY 1;
