-- Issue 26 (DECISIONS §11): remote commands. `commands` (one row per send, with its Idempotency-Key and fan-out
-- progress), the ledger `command_devices` (one row per device and command), range-partitioned by UTC month of
-- created_at like device_logs (hand-written: drizzle-kit does not describe partitioning; `fd_ensure_month_partition`
-- of the partitions migration; the `partitions.maintain` job keeps 3 calendar months), and `command_state_counts`
-- kept by statement triggers as rollout_state_counts (0039), so GET commands never counts ledger rows.
CREATE TABLE "command_devices" (
	"id" uuid NOT NULL,
	"command_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"state" text NOT NULL,
	"channel" text,
	"via_fcm" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "command_devices_pkey" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "command_devices_default" PARTITION OF "command_devices" DEFAULT;--> statement-breakpoint
DO $$
DECLARE m date;
BEGIN
  FOR m IN
    SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                           date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
                           interval '1 month')::date
  LOOP
    PERFORM fd_ensure_month_partition('command_devices', m);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE TABLE "command_state_counts" (
	"command_id" uuid NOT NULL,
	"state" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "command_state_counts_command_id_state_shard_pk" PRIMARY KEY("command_id","state","shard")
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"group_id" uuid,
	"profile_ids" uuid[],
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"fanned_out" integer DEFAULT 0 NOT NULL,
	"last_device_id" uuid,
	"fan_out_completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "device_messages_pending_idx";--> statement-breakpoint
ALTER TABLE "device_messages" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "capabilities" text[];--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lost_mode" jsonb;--> statement-breakpoint
ALTER TABLE "command_devices" ADD CONSTRAINT "command_devices_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "command_devices_command_state_idx" ON "command_devices" USING btree ("command_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "command_devices_command_created_idx" ON "command_devices" USING btree ("command_id","created_at","id");--> statement-breakpoint
CREATE INDEX "command_devices_profile_created_idx" ON "command_devices" USING btree ("customer_id","profile_id","created_at");--> statement-breakpoint
CREATE INDEX "command_devices_open_expiry_idx" ON "command_devices" USING btree ("expires_at") WHERE "command_devices"."state" in ('queued', 'delivered');--> statement-breakpoint
CREATE INDEX "command_devices_result_finished_idx" ON "command_devices" USING btree ("finished_at") WHERE "command_devices"."result" is not null;--> statement-breakpoint
CREATE INDEX "commands_customer_created_idx" ON "commands" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commands_customer_type_created_idx" ON "commands" USING btree ("customer_id","type","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commands_customer_idempotency_uq" ON "commands" USING btree ("customer_id","idempotency_key") WHERE "commands"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "commands_fanning_out_idx" ON "commands" USING btree ("created_at") WHERE "commands"."fan_out_completed_at" is null;--> statement-breakpoint
CREATE INDEX "device_messages_pending_idx" ON "device_messages" USING btree ("device_id","urgent" DESC NULLS LAST,"created_at","id") WHERE "device_messages"."delivered_at" is null;--> statement-breakpoint
-- One upsert per statement whatever its size (a fan-out batch of thousands, an expiry sweep), keys in order, into ONE
-- of 16 shards picked per statement: thousands of single-row results of one command a second would otherwise queue on
-- the same two counter rows until each commit (bench/commands.ts measured 59 results/s so); readers sum the shards.
CREATE OR REPLACE FUNCTION command_counts_shard() RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT floor(random() * 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION command_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := command_counts_shard();
BEGIN
  INSERT INTO command_state_counts AS c (command_id, state, shard, n)
  SELECT command_id, state, s, count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (command_id, state, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION command_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := command_counts_shard();
BEGIN
  -- New rows counted less old rows (no join of the transition tables: see 0039).
  INSERT INTO command_state_counts AS c (command_id, state, shard, n)
  SELECT command_id, state, s, sum(d) FROM (
    SELECT command_id, state, 1 AS d FROM new_rows
    UNION ALL
    SELECT command_id, state, -1 FROM old_rows
  ) moved GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (command_id, state, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION command_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := command_counts_shard();
BEGIN
  -- A dropped month partition fires no trigger: the counts of commands older than the ledger's retention stay.
  -- A shard may go below 0; the sum of a command's shards is its count.
  INSERT INTO command_state_counts AS c (command_id, state, shard, n)
  SELECT command_id, state, s, -count(*) FROM removed GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (command_id, state, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER command_devices_counts_insert AFTER INSERT ON command_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION command_counts_insert();
--> statement-breakpoint
CREATE TRIGGER command_devices_counts_update AFTER UPDATE ON command_devices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION command_counts_update();
--> statement-breakpoint
CREATE TRIGGER command_devices_counts_delete AFTER DELETE ON command_devices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION command_counts_delete();
--> statement-breakpoint
ALTER TABLE "command_state_counts" ADD CONSTRAINT "command_state_counts_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."commands"("id") ON DELETE cascade ON UPDATE no action;
