CREATE TABLE "wallet_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer DEFAULT 0 NOT NULL,
	"bucket" integer DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_member_not_negative" CHECK ("wallet_accounts"."kind" NOT IN ('member_cash', 'member_bonus', 'withdrawals_pending') OR "wallet_accounts"."balance" >= 0),
	CONSTRAINT "wallet_accounts_currency_format" CHECK ("wallet_accounts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	CONSTRAINT "wallet_entries_not_zero" CHECK ("wallet_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"transfer_ids" bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reverses_transfer_id" bigint,
	"customer_id" integer DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_requests" ADD CONSTRAINT "wallet_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_identity" ON "wallet_accounts" USING btree ("merchant_id","kind","currency","customer_id","bucket");--> statement-breakpoint
CREATE INDEX "wallet_accounts_member" ON "wallet_accounts" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_transfer" ON "wallet_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_account" ON "wallet_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_requests_key" ON "wallet_requests" USING btree ("merchant_id","source","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transfers_member" ON "wallet_transfers" USING btree ("merchant_id","customer_id","id");--> statement-breakpoint
-- Money records are never changed or removed: corrections are reversing transfers (docs/decisions/ledger.md).
CREATE FUNCTION wallet_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_entries_immutable BEFORE UPDATE OR DELETE ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_truncate BEFORE TRUNCATE ON "wallet_entries" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_transfers_immutable BEFORE UPDATE OR DELETE ON "wallet_transfers" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_transfers_no_truncate BEFORE TRUNCATE ON "wallet_transfers" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_requests_immutable BEFORE UPDATE OR DELETE ON "wallet_requests" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER wallet_requests_no_truncate BEFORE TRUNCATE ON "wallet_requests" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
-- Every transfer balances per currency and has two entries or more, checked when its transaction commits.
CREATE FUNCTION wallet_check_balanced(transfer bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
  entry_count integer;
BEGIN
  SELECT count(*) INTO entry_count FROM wallet_entries WHERE transfer_id = transfer;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'transfer % has % entries', transfer, entry_count USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency INTO unbalanced FROM wallet_entries WHERE transfer_id = transfer
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'transfer % does not balance in %', transfer, unbalanced USING ERRCODE = 'check_violation';
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION wallet_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_check_balanced(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION wallet_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_check_balanced(NEW.transfer_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_transfers_balanced AFTER INSERT ON "wallet_transfers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_transfer_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_entries_balanced AFTER INSERT ON "wallet_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_entry_balanced();
