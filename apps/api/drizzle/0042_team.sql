CREATE TABLE "account_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"group_ids" uuid[],
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"registrant" boolean DEFAULT false NOT NULL,
	"email" text,
	"name" text,
	"password_hash" text,
	"role" text NOT NULL,
	"group_ids" uuid[],
	"two_step_enabled" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "account_invites" ADD CONSTRAINT "account_invites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invites" ADD CONSTRAINT "account_invites_invited_by_account_members_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."account_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invites_token_uq" ON "account_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "account_invites_open_email_uq" ON "account_invites" USING btree ("customer_id","email") WHERE "account_invites"."accepted_at" is null and "account_invites"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_members_email_uq" ON "account_members" USING btree ("email") WHERE "account_members"."removed_at" is null and "account_members"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_members_registrant_uq" ON "account_members" USING btree ("customer_id") WHERE "account_members"."registrant";--> statement-breakpoint
CREATE INDEX "account_members_customer_idx" ON "account_members" USING btree ("customer_id","created_at") WHERE "account_members"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id") WHERE "sessions"."member_id" is not null and "sessions"."revoked_at" is null;--> statement-breakpoint
-- Every account's registrant is its first Owner (DECISIONS §12): a row per customer, written by the database so no
-- way of creating a customer (sign-up, the back office's offline customer, seeds) can leave an account without one.
CREATE OR REPLACE FUNCTION account_registrant_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_members (customer_id, registrant, role, created_at) VALUES (NEW.id, true, 'Owner', NEW.created_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_registrant_member AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION account_registrant_member();--> statement-breakpoint
INSERT INTO account_members (customer_id, registrant, role, created_at)
SELECT id, true, 'Owner', created_at FROM customers ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Open customer sessions belong to the registrant.
UPDATE sessions s SET member_id = m.id FROM account_members m
WHERE s.realm = 'customer' AND s.revoked_at IS NULL AND m.customer_id = s.subject_id AND m.registrant;
