CREATE TABLE "member_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "club_label_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "club_label_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "rank_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_messages_customer_read_idx" ON "member_messages" USING btree ("customer_id","read_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_club_label_pair" CHECK (("customers"."club_label_id" IS NULL) = ("customers"."club_label_name" IS NULL));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_rank_level_range" CHECK ("customers"."rank_level" >= 0);