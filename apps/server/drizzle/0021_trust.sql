CREATE TABLE "jurisdiction_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_documents_merchant_id_kind_version_language_pk" PRIMARY KEY("merchant_id","kind","version","language"),
	CONSTRAINT "legal_documents_version" CHECK ("legal_documents"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "trust_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trust_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"requested" jsonb NOT NULL,
	"effect" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_limits" (
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint,
	"parked_amount" bigint,
	"parked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_limits_merchant_id_customer_id_type_pk" PRIMARY KEY("merchant_id","customer_id","type"),
	CONSTRAINT "trust_limits_positive" CHECK ("trust_limits"."amount" IS NULL OR "trust_limits"."amount" > 0),
	CONSTRAINT "trust_limits_parked_positive" CHECK ("trust_limits"."parked_amount" IS NULL OR "trust_limits"."parked_amount" > 0),
	CONSTRAINT "trust_limits_parked_when" CHECK ("trust_limits"."parked_amount" IS NULL OR "trust_limits"."parked_at" IS NOT NULL)
);
--> statement-breakpoint
-- The four profiles every merchant starts from (issue 29); staff edit them as data, never in code.
INSERT INTO "jurisdiction_profiles" ("id", "name", "rules") VALUES
  ('ukgc-like', 'UKGC-like', '{"minAge": 18, "ageCheck": "date_of_birth", "coolingOffHours": 24, "confirmWindowHours": 168, "timeOutOptions": ["24h", "7d", "1m", "6w"], "selfExclusionOptions": ["6m", "1y", "3y", "5y"], "realityCheckMinutes": [15, 30, 60], "minRoundSeconds": 5, "stakeCaps": [{"fromAge": 18, "amounts": {"GBP": "2"}}, {"fromAge": 25, "amounts": {"GBP": "5"}}], "limitPrompt": "registration", "helpLines": [{"country": "GB", "name": "GamCare", "url": "https://www.gamcare.org.uk", "phone": "0808 8020 133"}, {"country": "*", "name": "Gambling Therapy", "url": "https://www.gamblingtherapy.org"}]}'::jsonb),
  ('mga-like', 'MGA-like', '{"minAge": 18, "ageCheck": "confirm", "coolingOffHours": 24, "confirmWindowHours": 168, "timeOutOptions": ["24h", "7d", "1m", "6w"], "selfExclusionOptions": ["6m", "1y", "3y", "5y", "permanent"], "realityCheckMinutes": [15, 30, 60], "minRoundSeconds": 0, "stakeCaps": [], "limitPrompt": "first_deposit", "helpLines": [{"country": "MT", "name": "Sedqa", "url": "https://fsws.gov.mt/en/sedqa", "phone": "1777"}, {"country": "*", "name": "Gambling Therapy", "url": "https://www.gamblingtherapy.org"}]}'::jsonb),
  ('curacao-like', 'Curaçao-like', '{"minAge": 18, "ageCheck": "confirm", "coolingOffHours": 72, "confirmWindowHours": 168, "timeOutOptions": ["24h", "7d", "1m"], "selfExclusionOptions": ["1y", "3y", "5y", "permanent"], "realityCheckMinutes": [30, 60, 120], "minRoundSeconds": 0, "stakeCaps": [], "limitPrompt": "first_deposit", "helpLines": [{"country": "*", "name": "Gambling Therapy", "url": "https://www.gamblingtherapy.org"}]}'::jsonb),
  ('pagcor-like', 'PAGCOR-like', '{"minAge": 21, "ageCheck": "date_of_birth", "coolingOffHours": 168, "confirmWindowHours": 168, "timeOutOptions": ["24h", "7d", "1m", "6w"], "selfExclusionOptions": ["6m", "1y", "3y", "permanent"], "realityCheckMinutes": [30, 60], "minRoundSeconds": 0, "stakeCaps": [{"fromAge": 21, "amounts": {"PHP": "50000"}}], "limitPrompt": "registration", "helpLines": [{"country": "PH", "name": "PAGCOR Responsible Gaming", "url": "https://www.pagcor.ph/regulatory/responsible-gaming.php"}, {"country": "*", "name": "Gambling Therapy", "url": "https://www.gamblingtherapy.org"}]}'::jsonb);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "jurisdiction_profile_id" text DEFAULT 'ukgc-like' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reality_check_minutes" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "break_kind" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "break_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "break_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_audit" ADD CONSTRAINT "trust_audit_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_limits" ADD CONSTRAINT "trust_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trust_audit_merchant" ON "trust_audit" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "trust_audit_member" ON "trust_audit" USING btree ("merchant_id","customer_id","id");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_jurisdiction_profile_id_jurisdiction_profiles_id_fk" FOREIGN KEY ("jurisdiction_profile_id") REFERENCES "public"."jurisdiction_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_break_whole" CHECK (("customers"."break_kind" IS NULL) = ("customers"."break_until" IS NULL) AND ("customers"."break_kind" IS NULL) = ("customers"."break_since" IS NULL));--> statement-breakpoint
-- The trust audit is a record: never changed or removed (as the ledger's rows, migration 0016).
CREATE TRIGGER trust_audit_immutable BEFORE UPDATE OR DELETE ON "trust_audit" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER trust_audit_no_truncate BEFORE TRUNCATE ON "trust_audit" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
