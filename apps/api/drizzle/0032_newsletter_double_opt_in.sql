ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_uq" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
-- Addresses signed up before double opt-in were listed then: they stay listed (DECISIONS §9).
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
