CREATE TABLE "login_address_failures" (
	"realm" text NOT NULL,
	"account_id" uuid NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_address_failures_realm_account_id_address_pk" PRIMARY KEY("realm","account_id","address")
);
--> statement-breakpoint
CREATE INDEX "login_address_failures_window_idx" ON "login_address_failures" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_id") WHERE "sessions"."impersonator_id" is not null and "sessions"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "locked_until";