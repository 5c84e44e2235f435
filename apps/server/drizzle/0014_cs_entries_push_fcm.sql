CREATE TABLE "chat_member_keys" (
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"name" text NOT NULL,
	"pseudo_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_member_keys_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "push_fcm_configs" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"api_key" text NOT NULL,
	"app_id" text NOT NULL,
	"messaging_sender_id" text NOT NULL,
	"client_email" text NOT NULL,
	"private_key_id" text,
	"private_key_sealed" text NOT NULL,
	"sealed_with" text NOT NULL,
	"token_uri" text NOT NULL,
	"api_base_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_events" ADD COLUMN "claimed_customer_ref" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "kind" text DEFAULT 'webpush' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_member_keys" ADD CONSTRAINT "chat_member_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_member_keys" ADD CONSTRAINT "chat_member_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_fcm_configs" ADD CONSTRAINT "push_fcm_configs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_member_keys_key_hash_idx" ON "chat_member_keys" USING btree ("key_hash");