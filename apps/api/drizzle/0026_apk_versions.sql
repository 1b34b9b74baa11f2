CREATE TABLE "apk_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family" text NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apk_versions" ADD CONSTRAINT "apk_versions_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apk_versions_family_code_uq" ON "apk_versions" USING btree ("family","version_code");--> statement-breakpoint
CREATE INDEX "apk_versions_created_idx" ON "apk_versions" USING btree ("created_at","id");