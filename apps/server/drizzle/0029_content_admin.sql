CREATE TABLE "banner_translations" (
	"banner_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "banner_translations_banner_id_language_pk" PRIMARY KEY("banner_id","language")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "art_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_translations" ADD CONSTRAINT "banner_translations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 30 item 5: the back office's Content section. Marketing writes the lobby's content with the
-- merchant's owners and admins (and the platform operator); read-only staff may look at it.
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
) AS g("code", "permission") ON g."code" = r."code" WHERE r."merchant_id" IS NULL
ON CONFLICT DO NOTHING;
