CREATE TABLE "member_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_notes_body_length" CHECK (char_length("member_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_customer_idx" ON "member_notes" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customers_merchant_username_c_idx" ON "customers" USING btree ("merchant_id",(lower("username") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "customers_merchant_mobile_num_idx" ON "customers" USING btree ("merchant_id","mobile_num");--> statement-breakpoint
CREATE INDEX "customers_merchant_agents_idx" ON "customers" USING btree ("merchant_id",(lower("username") COLLATE "C")) WHERE "customers"."customer_type" IN (1, 2);--> statement-breakpoint
-- Notes are append-only (issue 30 item 7): no edit. The one change allowed is the author's id going
-- to NULL when the staff account is deleted (the foreign key's SET NULL); the name stays.
CREATE FUNCTION "member_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."staff_id" IS NOT NULL AND NEW."staff_id" IS NULL
		AND (NEW."id", NEW."merchant_id", NEW."customer_id", NEW."staff_name", NEW."kind", NEW."body", NEW."created_at")
			IS NOT DISTINCT FROM (OLD."id", OLD."merchant_id", OLD."customer_id", OLD."staff_name", OLD."kind", OLD."body", OLD."created_at") THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'member_notes is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "member_notes_no_update" BEFORE UPDATE ON "member_notes" FOR EACH ROW EXECUTE FUNCTION "member_notes_append_only"();
--> statement-breakpoint
-- The Members section's grants (docs/decisions/staff-roles.md): every role reads members; phone and
-- email only for the roles that contact or verify members; lock, unlock, end sessions and notes for
-- the roles that act on accounts; the second-factor reset for the owner, admin, support and platform.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", g."permission" FROM "staff_roles" r JOIN (VALUES
	('platform', 'member:read'),
	('platform', 'member:pii'),
	('platform', 'member:write'),
	('platform', 'member:reset2fa'),
	('owner', 'member:read'),
	('owner', 'member:pii'),
	('owner', 'member:write'),
	('owner', 'member:reset2fa'),
	('admin', 'member:read'),
	('admin', 'member:pii'),
	('admin', 'member:write'),
	('admin', 'member:reset2fa'),
	('cashier', 'member:read'),
	('cashier', 'member:pii'),
	('support', 'member:read'),
	('support', 'member:pii'),
	('support', 'member:write'),
	('support', 'member:reset2fa'),
	('marketing', 'member:read'),
	('compliance', 'member:read'),
	('compliance', 'member:pii'),
	('compliance', 'member:write'),
	('readonly', 'member:read')
) AS g("code", "permission") ON g."code" = r."code" WHERE r."merchant_id" IS NULL;
