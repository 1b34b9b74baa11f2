CREATE TABLE "currency_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"conversation_rate" numeric(20, 6) NOT NULL,
	"coupon_code" text DEFAULT '' NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"coupon_created" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"per_gbp" numeric(20, 6) NOT NULL,
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rules_country_uq" ON "currency_rules" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "currency_rules_created_idx" ON "currency_rules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "currency_rules_currency_idx" ON "currency_rules" USING btree ("currency_code");--> statement-breakpoint
CREATE INDEX "currency_rules_coupon_idx" ON "currency_rules" USING btree ("coupon_code") WHERE "currency_rules"."coupon_code" <> '';