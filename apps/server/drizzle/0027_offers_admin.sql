ALTER TABLE "promo_codes" ADD COLUMN "max_claims" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "bonus_offer" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_max_claims" CHECK ("promo_codes"."max_claims" IS NULL OR "promo_codes"."max_claims" > 0);--> statement-breakpoint
-- Issue 30 item 5: a published legal version is what members read and accepted; never edited.
-- (Deleting a merchant's page stays possible: withdrawing a page is not changing what was accepted.)
CREATE OR REPLACE FUNCTION legal_documents_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'legal_documents rows are immutable: publish a new version' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER legal_documents_immutable BEFORE UPDATE ON "legal_documents" FOR EACH ROW EXECUTE FUNCTION legal_documents_refuse_update();--> statement-breakpoint
-- The back office's content permissions (the content helper's migration grants the same: no conflict).
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", g."permission" FROM "staff_roles" r JOIN (VALUES
	('platform', 'content:read'),
	('platform', 'content:write'),
	('owner', 'content:read'),
	('owner', 'content:write'),
	('admin', 'content:read'),
	('admin', 'content:write'),
	('marketing', 'content:read'),
	('marketing', 'content:write'),
	('readonly', 'content:read')
) AS g("role", "permission") ON g."role" = r."code"
WHERE r."merchant_id" IS NULL
ON CONFLICT DO NOTHING;
