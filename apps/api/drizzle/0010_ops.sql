CREATE TABLE "bloatware_apps" (
	"package_name" text PRIMARY KEY NOT NULL,
	"is_bloatware" boolean,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_device_resets" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"reset_count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"target" text NOT NULL,
	"target_device_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"target_customer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"only_with_fcm_token" boolean DEFAULT false NOT NULL,
	"total_devices" integer DEFAULT 0 NOT NULL,
	"fanned_out" integer DEFAULT 0 NOT NULL,
	"last_device_id" uuid,
	"fan_out_completed_at" timestamp with time zone,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_messages" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "bloatware_apps" ADD CONSTRAINT "bloatware_apps_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_device_resets" ADD CONSTRAINT "deleted_device_resets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloatware_apps_created_idx" ON "bloatware_apps" USING btree ("created_at","package_name");--> statement-breakpoint
CREATE INDEX "bloatware_apps_flag_created_idx" ON "bloatware_apps" USING btree ("is_bloatware","created_at","package_name");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "device_messages" ADD CONSTRAINT "device_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_users_created_idx" ON "chat_users" USING btree ("created_at","id") WHERE "chat_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "device_exports_created_idx" ON "device_exports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "device_messages_notification_idx" ON "device_messages" USING btree ("notification_id","id") WHERE "device_messages"."notification_id" is not null;--> statement-breakpoint
CREATE INDEX "devices_enrolled_created_idx" ON "devices" USING btree ("created_at","id") WHERE "devices"."logged_out_at" is null;--> statement-breakpoint
CREATE INDEX "devices_customer_enrolled_created_idx" ON "devices" USING btree ("customer_id","created_at","id") WHERE "devices"."logged_out_at" is null;