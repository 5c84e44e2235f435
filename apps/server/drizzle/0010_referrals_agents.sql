ALTER TABLE "customers" ADD COLUMN "own_referral_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referrer_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "parent_agent_id" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "promotion_programs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_parent_agent_id_customers_id_fk" FOREIGN KEY ("parent_agent_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_merchant_own_referral_code_idx" ON "customers" USING btree ("merchant_id","own_referral_code");--> statement-breakpoint
CREATE INDEX "customers_referrer_idx" ON "customers" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_parent_agent_idx" ON "customers" USING btree ("parent_agent_id","created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_not_own_referrer" CHECK (("customers"."referrer_id" IS NULL OR "customers"."referrer_id" <> "customers"."id") AND ("customers"."parent_agent_id" IS NULL OR "customers"."parent_agent_id" <> "customers"."id"));