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
CREATE INDEX "payment_revenue_deltas_bucket_idx" ON "payment_revenue_deltas" USING btree ("bucket");