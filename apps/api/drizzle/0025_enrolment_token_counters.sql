CREATE TABLE "enrolment_token_counters" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrolment_token_counters" ADD CONSTRAINT "enrolment_token_counters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The uses counted so far move with their token (hand-written: drizzle-kit drops the column only).
INSERT INTO "enrolment_token_counters" ("customer_id", "token_hash", "uses")
  SELECT "id", "enrolment_token_hash", "enrolment_token_uses" FROM "customers" WHERE "enrolment_token_uses" > 0;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "enrolment_token_uses";