ALTER TABLE "audit_entries" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_id" uuid;