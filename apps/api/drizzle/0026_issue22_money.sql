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
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "payment_revenue" (
	"bucket" timestamp with time zone PRIMARY KEY NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_revenue_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_revenue_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"gross" numeric(16, 2) NOT NULL,
	"refunded" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "plan_identifiers" text[];--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apk_versions" ADD CONSTRAINT "apk_versions_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apk_versions_family_code_uq" ON "apk_versions" USING btree ("family","version_code");--> statement-breakpoint
CREATE INDEX "apk_versions_created_idx" ON "apk_versions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_uq" ON "credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_notes_payment_idx" ON "credit_notes" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_revenue_deltas_bucket_idx" ON "payment_revenue_deltas" USING btree ("bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_number_uq" ON "payments" USING btree ("invoice_number") WHERE "payments"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_plan_live_idx" ON "subscriptions" USING btree ("plan_id","id") WHERE "subscriptions"."status" in ('active', 'past_due');