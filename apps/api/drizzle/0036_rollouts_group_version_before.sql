ALTER TABLE "rollouts" ADD COLUMN "group_template_id_before" uuid;--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "group_template_version_before" integer;