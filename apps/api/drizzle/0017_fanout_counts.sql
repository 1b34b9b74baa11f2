CREATE TABLE "notification_counts" (
	"notification_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_notification_id_shard_pk" PRIMARY KEY("notification_id","shard")
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_push_created_idx" ON "devices" USING btree ("created_at","id") WHERE "devices"."logged_out_at" is null and "devices"."fcm_token" is not null;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "delivered_count";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "opened_count";