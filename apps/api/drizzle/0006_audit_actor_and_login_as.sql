ALTER TABLE "audit_entries" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at") WHERE "audit_entries"."actor_id" is not null;