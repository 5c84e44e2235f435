CREATE TABLE "staff_account_merchants" (
	"staff_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	CONSTRAINT "staff_account_merchants_staff_id_merchant_id_pk" PRIMARY KEY("staff_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "staff_role_permissions" (
	"role_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "staff_role_permissions_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"platform" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" ALTER COLUMN "merchant_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "role_id" integer;
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "staff_account_merchants" ADD CONSTRAINT "staff_account_merchants_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_account_merchants" ADD CONSTRAINT "staff_account_merchants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_role_permissions" ADD CONSTRAINT "staff_role_permissions_role_id_staff_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."staff_roles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_account_merchants_merchant_idx" ON "staff_account_merchants" USING btree ("merchant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_code_idx" ON "staff_roles" USING btree (coalesce("merchant_id", 0),"code");
--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_id_staff_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."staff_roles"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_platform_username_idx" ON "staff_accounts" USING btree (lower("username")) WHERE "staff_accounts"."merchant_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");
--> statement-breakpoint
-- The eight built-in roles (issue 30 item 2) and their grants: the permission table as data.
INSERT INTO "staff_roles" ("code", "name", "platform") VALUES
	('platform', 'Platform operator', true),
	('owner', 'Owner', false),
	('admin', 'Admin', false),
	('cashier', 'Cashier', false),
	('support', 'Support', false),
	('marketing', 'Marketing', false),
	('compliance', 'Compliance', false),
	('readonly', 'Read-only', false);
--> statement-breakpoint
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", g."permission" FROM "staff_roles" r JOIN (VALUES
	('platform', 'console:open'),
	('platform', 'chat:read'),
	('platform', 'chat:reply'),
	('platform', 'chat:assign'),
	('platform', 'chat:takeover'),
	('platform', 'push:send'),
	('platform', 'push:report'),
	('platform', 'push:configure'),
	('platform', 'cashier:review'),
	('platform', 'cashier:adjust'),
	('platform', 'cashier:approve'),
	('platform', 'compliance:read'),
	('platform', 'compliance:act'),
	('platform', 'audit:read'),
	('platform', 'staff:manage'),
	('platform', 'merchant:create'),
	('platform', 'merchant:read'),
	('platform', 'merchant:write'),
	('owner', 'console:open'),
	('owner', 'chat:read'),
	('owner', 'chat:reply'),
	('owner', 'chat:assign'),
	('owner', 'chat:takeover'),
	('owner', 'push:send'),
	('owner', 'push:report'),
	('owner', 'push:configure'),
	('owner', 'cashier:review'),
	('owner', 'cashier:adjust'),
	('owner', 'cashier:approve'),
	('owner', 'compliance:read'),
	('owner', 'compliance:act'),
	('owner', 'audit:read'),
	('owner', 'staff:manage'),
	('owner', 'merchant:read'),
	('owner', 'merchant:write'),
	('admin', 'console:open'),
	('admin', 'chat:read'),
	('admin', 'chat:reply'),
	('admin', 'chat:assign'),
	('admin', 'chat:takeover'),
	('admin', 'push:send'),
	('admin', 'push:report'),
	('admin', 'push:configure'),
	('admin', 'cashier:review'),
	('admin', 'cashier:adjust'),
	('admin', 'cashier:approve'),
	('admin', 'compliance:read'),
	('admin', 'compliance:act'),
	('admin', 'audit:read'),
	('cashier', 'console:open'),
	('cashier', 'cashier:review'),
	('cashier', 'cashier:adjust'),
	('support', 'console:open'),
	('support', 'chat:read'),
	('support', 'chat:reply'),
	('support', 'chat:assign'),
	('marketing', 'console:open'),
	('marketing', 'push:send'),
	('marketing', 'push:report'),
	('compliance', 'console:open'),
	('compliance', 'compliance:read'),
	('compliance', 'compliance:act'),
	('compliance', 'audit:read'),
	('readonly', 'console:open'),
	('readonly', 'chat:read'),
	('readonly', 'push:report'),
	('readonly', 'compliance:read'),
	('readonly', 'audit:read'),
	('readonly', 'merchant:read')
) AS g("code", "permission") ON g."code" = r."code" WHERE r."merchant_id" IS NULL;
--> statement-breakpoint
-- Existing accounts: agent → support; supervisor and admin → admin (docs/decisions/staff-roles.md).
UPDATE "staff_accounts" a SET "role_id" = r."id" FROM "staff_roles" r
WHERE r."merchant_id" IS NULL AND r."code" = CASE a."role" WHEN 'agent' THEN 'support' ELSE 'admin' END;
--> statement-breakpoint
ALTER TABLE "staff_accounts" ALTER COLUMN "role_id" SET NOT NULL;
--> statement-breakpoint
-- Every account acts on its own merchant.
INSERT INTO "staff_account_merchants" ("staff_id", "merchant_id") SELECT "id", "merchant_id" FROM "staff_accounts" WHERE "merchant_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "role";
--> statement-breakpoint
-- No enabled account without a second factor: one that has none is disabled until it gets one.
UPDATE "staff_accounts" SET "disabled" = true WHERE "totp_secret_sealed" IS NULL;
--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_second_factor" CHECK ("staff_accounts"."disabled" OR "staff_accounts"."totp_secret_sealed" IS NOT NULL);
