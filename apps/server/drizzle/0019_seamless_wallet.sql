CREATE TABLE "seamless_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seamless_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" text NOT NULL,
	"round_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seamless_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seamless_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"round_id" text NOT NULL,
	"reference_transaction_id" text,
	"tombstone" boolean DEFAULT false NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_vendors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_game_rounds" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "demo_game_rounds" ADD COLUMN "wallet_round" text;--> statement-breakpoint
ALTER TABLE "demo_game_rounds" ADD COLUMN "state" text DEFAULT 'settled' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_game_sessions" ADD COLUMN "player" text;--> statement-breakpoint
ALTER TABLE "demo_game_sessions" ADD COLUMN "wallet_token" text;--> statement-breakpoint
ALTER TABLE "demo_game_sessions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "game_launch_tickets" ADD COLUMN "wallet_token" text;--> statement-breakpoint
ALTER TABLE "game_launch_tickets" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "seamless_sessions" ADD CONSTRAINT "seamless_sessions_vendor_id_seamless_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."seamless_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_sessions" ADD CONSTRAINT "seamless_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_rounds_vendor_round" ON "seamless_rounds" USING btree ("vendor_id","round_id");--> statement-breakpoint
CREATE INDEX "seamless_rounds_member" ON "seamless_rounds" USING btree ("merchant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "seamless_sessions_expiry" ON "seamless_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_vendor_tx" ON "seamless_transactions" USING btree ("vendor_id","transaction_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_reference" ON "seamless_transactions" USING btree ("vendor_id","reference_transaction_id");--> statement-breakpoint
CREATE INDEX "demo_game_rounds_pending_idx" ON "demo_game_rounds" USING btree ("state") WHERE "demo_game_rounds"."state" IN ('betting', 'paying', 'refunding');--> statement-breakpoint
CREATE TRIGGER seamless_transactions_immutable BEFORE UPDATE OR DELETE ON "seamless_transactions" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER seamless_transactions_no_truncate BEFORE TRUNCATE ON "seamless_transactions" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
