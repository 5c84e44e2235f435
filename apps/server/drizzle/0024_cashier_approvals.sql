CREATE TABLE "cashier_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" integer NOT NULL,
	"decided_by" integer,
	"decline_reason" text,
	"reverses" text,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cashier_adjustments_amount_nonzero" CHECK ("cashier_adjustments"."amount" <> 0),
	CONSTRAINT "cashier_adjustments_two_people" CHECK ("cashier_adjustments"."decided_by" IS NULL OR "cashier_adjustments"."state" <> 'posted' OR "cashier_adjustments"."decided_by" <> "cashier_adjustments"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "cashier_adjustments" ADD CONSTRAINT "cashier_adjustments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashier_adjustments_state" ON "cashier_adjustments" USING btree ("merchant_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_adjustments_reverses" ON "cashier_adjustments" USING btree ("reverses") WHERE "cashier_adjustments"."state" <> 'declined';