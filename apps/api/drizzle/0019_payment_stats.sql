CREATE TABLE "customer_payment_stats" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_success_customer_idx";--> statement-breakpoint
ALTER TABLE "customer_payment_stats" ADD CONSTRAINT "customer_payment_stats_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_payment_stats_zero_success_idx" ON "customer_payment_stats" USING btree ("customer_id") WHERE "customer_payment_stats"."success_count" = 0;--> statement-breakpoint
CREATE INDEX "audit_logins_error_created_idx" ON "audit_entries" USING btree ("has_error","created_at","id") WHERE ((type = 'User Account' and sub_type = 'Login') or (type = 'Device' and sub_type = 'Enrol'));--> statement-breakpoint
CREATE INDEX "payments_success_customer_idx" ON "payments" USING btree ("customer_id","expiry_at","id") WHERE "payments"."status" = 'Success';