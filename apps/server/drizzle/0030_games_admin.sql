CREATE TABLE "merchant_game_vendors" (
	"merchant_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"maintenance" boolean NOT NULL,
	"maintenance_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_game_vendors_merchant_id_vendor_code_pk" PRIMARY KEY("merchant_id","vendor_code")
);
--> statement-breakpoint
CREATE TABLE "merchant_games" (
	"merchant_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"hot_rank" integer,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_games_merchant_id_game_id_pk" PRIMARY KEY("merchant_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_game_vendors" ADD CONSTRAINT "merchant_game_vendors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_game_vendors" ADD CONSTRAINT "merchant_game_vendors_vendor_code_game_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."game_vendors"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_games" ADD CONSTRAINT "merchant_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_games" ADD CONSTRAINT "merchant_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Games section's grants (docs/decisions/staff-roles.md): the built-in roles only; a merchant's
-- own roles get them from the merchant's owner.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", g."permission" FROM "staff_roles" r JOIN (VALUES
	('platform', 'games:read'),
	('platform', 'games:write'),
	('owner', 'games:read'),
	('owner', 'games:write'),
	('admin', 'games:read'),
	('admin', 'games:write'),
	('marketing', 'games:read'),
	('marketing', 'games:write'),
	('readonly', 'games:read')
) AS g("code", "permission") ON g."code" = r."code" WHERE r."merchant_id" IS NULL;
