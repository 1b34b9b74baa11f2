CREATE TABLE "customer_seats" (
	"customer_id" uuid NOT NULL,
	"family" text NOT NULL,
	"customer_created_at" timestamp with time zone NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"next_expiry_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_seats_customer_id_family_pk" PRIMARY KEY("customer_id","family")
);
--> statement-breakpoint
CREATE TABLE "offline_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_seats" ADD CONSTRAINT "customer_seats_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_seats_purchased_idx" ON "customer_seats" USING btree ("family","purchased","customer_created_at","customer_id");--> statement-breakpoint
CREATE INDEX "customer_seats_unused_idx" ON "customer_seats" USING btree ("family","customer_created_at","customer_id") WHERE "customer_seats"."purchased" > "customer_seats"."used";--> statement-breakpoint
CREATE INDEX "customer_seats_product_idx" ON "customer_seats" USING btree ("family","customer_created_at","customer_id") WHERE "customer_seats"."purchased" + "customer_seats"."used" + "customer_seats"."expired" > 0;--> statement-breakpoint
CREATE INDEX "customer_seats_next_expiry_idx" ON "customer_seats" USING btree ("next_expiry_at") WHERE "customer_seats"."next_expiry_at" is not null;--> statement-breakpoint
CREATE INDEX "offline_payments_staff_idx" ON "offline_payments" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_offline_created_idx" ON "customers" USING btree ("created_at","id") WHERE "customers"."is_offline_customer";--> statement-breakpoint
CREATE INDEX "customers_country_created_idx" ON "customers" USING btree ("country_code","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_reseller_requests_idx" ON "customers" USING btree ("created_at","id") WHERE "customers"."reseller_mode_enabled" and not "customers"."reseller_mode_approved";