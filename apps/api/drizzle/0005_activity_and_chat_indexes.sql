DROP INDEX "chat_users_user_id_uq";--> statement-breakpoint
CREATE INDEX "audit_customer_source_created_idx" ON "audit_entries" USING btree ("customer_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_customer_error_created_idx" ON "audit_entries" USING btree ("customer_id","has_error","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_users_user_id_uq" ON "chat_users" USING btree ("user_id") WHERE "chat_users"."deleted_at" is null;