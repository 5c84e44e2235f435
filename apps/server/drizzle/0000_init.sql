CREATE TABLE "collected_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collected_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"reported_merchant" text,
	"value" jsonb NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dialing_code" text NOT NULL,
	CONSTRAINT "countries_code_format" CHECK ("countries"."code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "countries_dialing_code_format" CHECK ("countries"."dialing_code" ~ '^[0-9]{1,4}$')
);
--> statement-breakpoint
CREATE TABLE "merchant_countries" (
	"merchant_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_countries_merchant_id_country_code_pk" PRIMARY KEY("merchant_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "merchant_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_domains_domain_unique" UNIQUE("domain"),
	CONSTRAINT "merchant_domains_lowercase" CHECK ("merchant_domains"."domain" = lower("merchant_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"default_language" text NOT NULL,
	"languages" jsonb NOT NULL,
	"currency" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_position" text NOT NULL,
	"country_code" text NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template" jsonb NOT NULL,
	"public_settings" jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"maintenance_start" timestamp with time zone,
	"maintenance_end" timestamp with time zone,
	"region_blocked_cidrs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region_allowed_cidrs" jsonb,
	"main_host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_unique" UNIQUE("code"),
	CONSTRAINT "merchants_code_format" CHECK ("merchants"."code" ~ '^[a-z0-9][a-z0-9-]{0,31}$'),
	CONSTRAINT "merchants_maintenance_window" CHECK ("merchants"."maintenance_end" IS NULL OR "merchants"."maintenance_start" IS NULL OR "merchants"."maintenance_end" > "merchants"."maintenance_start")
);
--> statement-breakpoint
ALTER TABLE "collected_events" ADD CONSTRAINT "collected_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_countries" ADD CONSTRAINT "merchant_countries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_countries" ADD CONSTRAINT "merchant_countries_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_domains" ADD CONSTRAINT "merchant_domains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collected_events_merchant_created_idx" ON "collected_events" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_domains_merchant_idx" ON "merchant_domains" USING btree ("merchant_id");