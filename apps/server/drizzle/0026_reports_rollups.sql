CREATE TABLE "report_daily" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"game" text DEFAULT '' NOT NULL,
	"affiliate" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_pk" PRIMARY KEY("merchant_id","day","metric","currency","vendor","game","affiliate","campaign")
);
--> statement-breakpoint
CREATE TABLE "report_watermarks" (
	"source" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The rollup job locks its source's row (FOR UPDATE) to read and move the watermark: one row per source.
INSERT INTO "report_watermarks" ("source") VALUES ('wallet_transfers'), ('customers'), ('trust_audit');
--> statement-breakpoint
-- report:read: the reports and their CSV (issue 30 item 10).
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", 'report:read' FROM "staff_roles" r
WHERE r."merchant_id" IS NULL AND r."code" IN ('platform', 'owner', 'admin', 'marketing', 'compliance', 'readonly');
