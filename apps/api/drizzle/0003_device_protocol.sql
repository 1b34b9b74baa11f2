CREATE TABLE "device_applications" (
	"device_id" uuid NOT NULL,
	"package_name" text NOT NULL,
	"app_name" text DEFAULT '' NOT NULL,
	"app_disable" boolean DEFAULT false NOT NULL,
	"desired_disable" boolean,
	"app_icon" text DEFAULT '' NOT NULL,
	"version_number" text DEFAULT '' NOT NULL,
	"app_status" text DEFAULT 'Installed' NOT NULL,
	"application_type" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_applications_device_id_package_name_pk" PRIMARY KEY("device_id","package_name")
);
--> statement-breakpoint
CREATE TABLE "device_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"device_id" uuid,
	"export_name" text NOT NULL,
	"serial_number" text NOT NULL,
	"app_name" text NOT NULL,
	"disabled_applications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"device_id" uuid,
	"serial_number" text NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"device_activity" text NOT NULL,
	"activity_result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"name" text NOT NULL,
	"profile_name" text DEFAULT '' NOT NULL,
	"app_name" text NOT NULL,
	"family" text NOT NULL,
	"profile_counter" integer DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"policy_version" integer DEFAULT 0 NOT NULL,
	"applied_policy_version" integer,
	"applied_result" text,
	"applied_message" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "app_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "token_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "app_version_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "app_installation_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "battery_level" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "device_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "os_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "local_ip_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mac_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_applications" ADD CONSTRAINT "device_applications_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_exports" ADD CONSTRAINT "device_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_exports" ADD CONSTRAINT "device_exports_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_messages" ADD CONSTRAINT "device_messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_exports_customer_created_idx" ON "device_exports" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "device_logs_customer_created_idx" ON "device_logs" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "device_logs_customer_serial_created_idx" ON "device_logs" USING btree ("customer_id","serial_number","created_at","id");--> statement-breakpoint
CREATE INDEX "device_messages_pending_idx" ON "device_messages" USING btree ("device_id","created_at") WHERE "device_messages"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_device_uq" ON "profiles" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "profiles_customer_app_created_idx" ON "profiles" USING btree ("customer_id","app_name","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_customer_created_idx" ON "profiles" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_customer_name_idx" ON "profiles" USING btree ("customer_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_uq" ON "devices" USING btree ("token_hash");