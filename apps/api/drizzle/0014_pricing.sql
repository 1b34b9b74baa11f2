CREATE TABLE "app_versions" (
	"plan_identifier" text PRIMARY KEY NOT NULL,
	"min_app_version_code" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
