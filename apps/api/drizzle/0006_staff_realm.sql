CREATE TABLE "login_counts" (
	"bucket" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"has_error" boolean NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "login_counts_bucket_source_has_error_pk" PRIMARY KEY("bucket","source","has_error")
);
--> statement-breakpoint
CREATE TABLE "rollup_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at") WHERE "audit_entries"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_logins_created_idx" ON "audit_entries" USING btree ("created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint
CREATE INDEX "audit_logins_source_error_idx" ON "audit_entries" USING btree ("source","has_error","created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint
CREATE INDEX "audit_logins_email_idx" ON "audit_entries" USING btree ("email","created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));