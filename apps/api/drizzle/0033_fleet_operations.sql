CREATE TABLE "bulk_action_devices" (
	"bulk_action_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message" text,
	CONSTRAINT "bulk_action_devices_bulk_action_id_profile_id_pk" PRIMARY KEY("bulk_action_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"target_group_id" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"template_id" uuid,
	"template_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_template_versions" (
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "policy_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollout_devices" (
	"rollout_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"stage" smallint NOT NULL,
	"state" text NOT NULL,
	"policy_version" integer,
	"previous_settings" jsonb,
	"applied_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"message" text,
	CONSTRAINT "rollout_devices_rollout_id_profile_id_pk" PRIMARY KEY("rollout_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"family" text NOT NULL,
	"group_id" uuid,
	"state" text NOT NULL,
	"stage_index" integer DEFAULT 0 NOT NULL,
	"stages" jsonb NOT NULL,
	"failed_percent" integer NOT NULL,
	"min_devices" integer NOT NULL,
	"ack_timeout_seconds" integer NOT NULL,
	"paused_reason" text,
	"created_by" text DEFAULT '' NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_action_devices" ADD CONSTRAINT "bulk_action_devices_bulk_action_id_bulk_actions_id_fk" FOREIGN KEY ("bulk_action_id") REFERENCES "public"."bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_devices" ADD CONSTRAINT "bulk_action_devices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_target_group_id_device_groups_id_fk" FOREIGN KEY ("target_group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_template_id_policy_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."policy_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_template_versions" ADD CONSTRAINT "policy_template_versions_template_id_policy_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."policy_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_templates" ADD CONSTRAINT "policy_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_template_id_policy_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."policy_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_action_devices_state_idx" ON "bulk_action_devices" USING btree ("bulk_action_id","state","profile_id");--> statement-breakpoint
CREATE INDEX "bulk_actions_customer_created_idx" ON "bulk_actions" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "device_groups_customer_created_idx" ON "device_groups" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "device_groups_template_idx" ON "device_groups" USING btree ("template_id") WHERE "device_groups"."template_id" is not null;--> statement-breakpoint
CREATE INDEX "policy_templates_customer_created_idx" ON "policy_templates" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policy_templates_customer_family_created_idx" ON "policy_templates" USING btree ("customer_id","family","created_at","id");--> statement-breakpoint
CREATE INDEX "rollout_devices_rollout_state_idx" ON "rollout_devices" USING btree ("rollout_id","state","profile_id");--> statement-breakpoint
CREATE INDEX "rollout_devices_rollout_stage_idx" ON "rollout_devices" USING btree ("rollout_id","stage","profile_id");--> statement-breakpoint
CREATE INDEX "rollout_devices_pending_profile_idx" ON "rollout_devices" USING btree ("profile_id") WHERE "rollout_devices"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "rollouts_customer_created_idx" ON "rollouts" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rollouts_one_active_per_group_uq" ON "rollouts" USING btree ("group_id") WHERE "rollouts"."state" in ('running', 'paused') and "rollouts"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "rollouts_due_idx" ON "rollouts" USING btree ("next_check_at") WHERE "rollouts"."state" = 'running';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_group_created_idx" ON "profiles" USING btree ("group_id","created_at","id") WHERE "profiles"."group_id" is not null;