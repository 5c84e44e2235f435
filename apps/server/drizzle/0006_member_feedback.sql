CREATE TABLE "member_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"screenshot_type" text,
	"screenshot" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_feedback_message_length" CHECK (char_length("member_feedback"."message") BETWEEN 1 AND 2000),
	CONSTRAINT "member_feedback_screenshot_pair" CHECK (("member_feedback"."screenshot" IS NULL) = ("member_feedback"."screenshot_type" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "member_feedback" ADD CONSTRAINT "member_feedback_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_feedback" ADD CONSTRAINT "member_feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_feedback_merchant_created_idx" ON "member_feedback" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "member_feedback_customer_idx" ON "member_feedback" USING btree ("customer_id");