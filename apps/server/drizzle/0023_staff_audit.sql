CREATE TABLE "staff_audit" (
	"merchant_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"request_digest" text NOT NULL,
	"before_digest" text,
	"after_digest" text,
	"ip" text NOT NULL,
	"request_id" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "staff_audit_merchant_id_seq_pk" PRIMARY KEY("merchant_id","seq"),
	CONSTRAINT "staff_audit_outcome" CHECK ("staff_audit"."outcome" IN ('ok', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER staff_audit_immutable BEFORE UPDATE OR DELETE ON "staff_audit" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();--> statement-breakpoint
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON "staff_audit" FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
