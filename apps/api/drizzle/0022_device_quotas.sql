CREATE TABLE "policy_acks" (
	"profile_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_acks_profile_id_version_pk" PRIMARY KEY("profile_id","version")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "enrolment_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "enrolment_token_max_uses" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "enrolment_token_uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "inventory_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_acks" ADD CONSTRAINT "policy_acks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_exports_device_idx" ON "device_exports" USING btree ("device_id");