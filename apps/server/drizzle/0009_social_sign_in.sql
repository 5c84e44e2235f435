CREATE TABLE "merchant_identity_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_identity_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"public_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_identity_providers_provider" CHECK ("merchant_identity_providers"."provider" IN ('firebase', 'line', 'telegram', 'maya'))
);
--> statement-breakpoint
CREATE TABLE "social_bind_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"display_name" text,
	"picture_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"display_name" text,
	"picture_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_identities_provider" CHECK ("social_identities"."provider" IN ('google.com', 'facebook.com', 'twitter.com', 'phone', 'line', 'telegram', 'maya')),
	CONSTRAINT "social_identities_subject_length" CHECK (char_length("social_identities"."subject") BETWEEN 1 AND 256)
);
--> statement-breakpoint
CREATE TABLE "social_token_uses" (
	"token_key" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_password" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD COLUMN "social_identity" jsonb;--> statement-breakpoint
ALTER TABLE "merchant_identity_providers" ADD CONSTRAINT "merchant_identity_providers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bind_tokens" ADD CONSTRAINT "social_bind_tokens_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_token_uses" ADD CONSTRAINT "social_token_uses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_identity_providers_merchant_provider_uq" ON "merchant_identity_providers" USING btree ("merchant_id","provider");--> statement-breakpoint
CREATE INDEX "social_bind_tokens_expires_idx" ON "social_bind_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_merchant_provider_subject_uq" ON "social_identities" USING btree ("merchant_id","provider","subject");--> statement-breakpoint
CREATE INDEX "social_identities_customer_idx" ON "social_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "social_token_uses_expires_idx" ON "social_token_uses" USING btree ("expires_at");