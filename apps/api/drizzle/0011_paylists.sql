CREATE TABLE "customer_followups" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"failed_email_followup_count" integer DEFAULT 0 NOT NULL,
	"whatsapp_redirect_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"payment_id" uuid,
	"email" text,
	"billing_name" text,
	"code" text,
	"message" text NOT NULL,
	"req_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_followups" ADD CONSTRAINT "customer_followups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_errors" ADD CONSTRAINT "payment_errors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_errors" ADD CONSTRAINT "payment_errors_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_errors_created_idx" ON "payment_errors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_errors_email_created_idx" ON "payment_errors" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_errors_payment_idx" ON "payment_errors" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_plan_created_idx" ON "payments" USING btree ("plan_identifier","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_coupon_created_idx" ON "payments" USING btree ("coupon_code","created_at","id") WHERE "payments"."coupon_code" is not null;--> statement-breakpoint
CREATE INDEX "payments_method_created_idx" ON "payments" USING btree ((coalesce("payment_method" -> 'card' -> 'wallet' ->> 'type', "payment_method" ->> 'type')),"created_at","id");--> statement-breakpoint
CREATE INDEX "payments_success_customer_idx" ON "payments" USING btree ("customer_id") WHERE "payments"."status" = 'Success';--> statement-breakpoint
CREATE INDEX "payments_success_coupon_idx" ON "payments" USING btree ("coupon_code") WHERE "payments"."status" = 'Success' and "payments"."coupon_code" is not null;--> statement-breakpoint
CREATE INDEX "payments_offline_expiry_idx" ON "payments" USING btree ("expiry_at","id") WHERE "payments"."status" = 'Success' and "payments"."is_offline_payment" and "payments"."expiry_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_success_expiry_idx" ON "payments" USING btree ("expiry_at","id") WHERE "payments"."status" = 'Success' and "payments"."expiry_at" is not null;