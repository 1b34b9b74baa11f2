CREATE TABLE "customer_country_counts" (
	"country" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_country_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_view_counts_day_page_country_pk" PRIMARY KEY("day","page","country")
);
--> statement-breakpoint
CREATE TABLE "page_view_daily" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_view_daily_day_page_pk" PRIMARY KEY("day","page")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"family" text NOT NULL,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_counts" (
	"bucket" timestamp with time zone NOT NULL,
	"family" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "payment_counts_bucket_family_status_pk" PRIMARY KEY("bucket","family","status")
);
--> statement-breakpoint
CREATE TABLE "payment_counts_daily" (
	"day" date NOT NULL,
	"family" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "payment_counts_daily_day_family_status_pk" PRIMARY KEY("day","family","status")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "page_views_visitor_uq" ON "page_views" USING btree ("day","page","ip_hash");--> statement-breakpoint
CREATE INDEX "page_views_day_country_idx" ON "page_views" USING btree ("day","page","country");--> statement-breakpoint
CREATE INDEX "payment_count_deltas_bucket_idx" ON "payment_count_deltas" USING btree ("bucket");