-- Issue 14: device_logs and audit_entries partitioned by month of created_at (native range partitioning, UTC months),
-- hand-written (drizzle-kit does not describe partitioning; schema.ts keeps the columns, keys and indexes).
-- Each table is rebuilt with its rows: the old table is renamed, a partitioned table takes its name (same columns, the
-- same id sequence, primary key (id, created_at) as partitioning needs), one partition per month from the oldest row
-- (at most 24 months back; older rows go to the DEFAULT partition) to three months ahead, the rows are copied and the
-- indexes built on the parent (each partition gets its own). The `partitions.maintain` job (db/partitions.ts) creates
-- the months ahead and drops the ones older than LOG_RETENTION_MONTHS.

-- Creates the month's partition of `parent` unless it exists; rows of that month that landed in the DEFAULT partition
-- move into it first (a partition cannot be attached over rows the default partition holds).
CREATE OR REPLACE FUNCTION fd_ensure_month_partition(parent text, month_start date) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  lo date := date_trunc('month', month_start)::date;
  hi date := (date_trunc('month', month_start) + interval '1 month')::date;
  part text := format('%s_y%sm%s', parent, to_char(lo, 'YYYY'), to_char(lo, 'MM'));
  lo_ts text := to_char(lo, 'YYYY-MM-DD') || ' 00:00:00+00';
  hi_ts text := to_char(hi, 'YYYY-MM-DD') || ' 00:00:00+00';
BEGIN
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
  IF to_regclass(quote_ident(parent || '_default')) IS NOT NULL THEN
    EXECUTE format(
      'WITH moved AS (DELETE FROM %I WHERE created_at >= %L::timestamptz AND created_at < %L::timestamptz RETURNING *) '
        'INSERT INTO %I SELECT * FROM moved',
      parent || '_default', lo_ts, hi_ts, part);
  END IF;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo_ts, hi_ts);
  RETURN true;
END
$fn$;
--> statement-breakpoint

-- ------------------------------------------------------------------------------------------------- audit_entries
ALTER TABLE "audit_entries" RENAME TO "audit_entries_unpartitioned";--> statement-breakpoint
ALTER INDEX "audit_entries_pkey" RENAME TO "audit_entries_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "audit_customer_created_idx";--> statement-breakpoint
DROP INDEX "audit_customer_type_idx";--> statement-breakpoint
DROP INDEX "audit_customer_source_created_idx";--> statement-breakpoint
DROP INDEX "audit_customer_error_created_idx";--> statement-breakpoint
DROP INDEX "audit_type_created_idx";--> statement-breakpoint
DROP INDEX "audit_actor_created_idx";--> statement-breakpoint
DROP INDEX "audit_logins_created_idx";--> statement-breakpoint
DROP INDEX "audit_logins_source_error_idx";--> statement-breakpoint
DROP INDEX "audit_logins_email_idx";--> statement-breakpoint
ALTER SEQUENCE "audit_entries_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigint DEFAULT nextval('audit_entries_id_seq'::regclass) NOT NULL,
	"customer_id" uuid,
	"email" text,
	"type" text NOT NULL,
	"sub_type" text NOT NULL,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"has_error" boolean DEFAULT false NOT NULL,
	"ip" text,
	"actor_kind" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "audit_entries_id_seq" OWNED BY "audit_entries"."id";--> statement-breakpoint
CREATE TABLE "audit_entries_default" PARTITION OF "audit_entries" DEFAULT;--> statement-breakpoint
DO $$
DECLARE m date;
BEGIN
  FOR m IN
    SELECT generate_series(
      date_trunc('month', greatest(least(coalesce((SELECT min(created_at) FROM audit_entries_unpartitioned), now()), now()),
                                   now() - interval '24 months') AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
      interval '1 month')::date
  LOOP
    PERFORM fd_ensure_month_partition('audit_entries', m);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "audit_entries" ("id", "customer_id", "email", "type", "sub_type", "message", "source", "has_error", "ip", "actor_kind", "actor_id", "created_at")
	SELECT "id", "customer_id", "email", "type", "sub_type", "message", "source", "has_error", "ip", "actor_kind", "actor_id", "created_at"
	FROM "audit_entries_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_entries_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_customer_created_idx" ON "audit_entries" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_customer_type_idx" ON "audit_entries" USING btree ("customer_id","type","sub_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_customer_source_created_idx" ON "audit_entries" USING btree ("customer_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_customer_error_created_idx" ON "audit_entries" USING btree ("customer_id","has_error","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_customer_filters_idx" ON "audit_entries" USING btree ("customer_id","type","sub_type","source","has_error","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_type_created_idx" ON "audit_entries" USING btree ("type","sub_type","created_at");--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at") WHERE "audit_entries"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_logins_created_idx" ON "audit_entries" USING btree ("created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint
CREATE INDEX "audit_logins_source_error_idx" ON "audit_entries" USING btree ("source","has_error","created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint
CREATE INDEX "audit_logins_email_idx" ON "audit_entries" USING btree ("email","created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint

-- --------------------------------------------------------------------------------------------------- device_logs
ALTER TABLE "device_logs" RENAME TO "device_logs_unpartitioned";--> statement-breakpoint
ALTER INDEX "device_logs_pkey" RENAME TO "device_logs_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "device_logs_customer_created_idx";--> statement-breakpoint
DROP INDEX "device_logs_customer_serial_created_idx";--> statement-breakpoint
ALTER SEQUENCE "device_logs_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigint DEFAULT nextval('device_logs_id_seq'::regclass) NOT NULL,
	"customer_id" uuid NOT NULL,
	"device_id" uuid,
	"serial_number" text NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"device_activity" text NOT NULL,
	"activity_result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_logs_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "device_logs_id_seq" OWNED BY "device_logs"."id";--> statement-breakpoint
CREATE TABLE "device_logs_default" PARTITION OF "device_logs" DEFAULT;--> statement-breakpoint
DO $$
DECLARE m date;
BEGIN
  FOR m IN
    SELECT generate_series(
      date_trunc('month', greatest(least(coalesce((SELECT min(created_at) FROM device_logs_unpartitioned), now()), now()),
                                   now() - interval '24 months') AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
      interval '1 month')::date
  LOOP
    PERFORM fd_ensure_month_partition('device_logs', m);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "device_logs" ("id", "customer_id", "device_id", "serial_number", "device_name", "device_activity", "activity_result", "created_at")
	SELECT "id", "customer_id", "device_id", "serial_number", "device_name", "device_activity", "activity_result", "created_at"
	FROM "device_logs_unpartitioned";--> statement-breakpoint
DROP TABLE "device_logs_unpartitioned";--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_logs_customer_created_idx" ON "device_logs" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "device_logs_customer_serial_created_idx" ON "device_logs" USING btree ("customer_id","serial_number","created_at","id");
