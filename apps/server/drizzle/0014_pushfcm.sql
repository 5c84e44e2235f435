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
ALTER TABLE "push_fcm_configs" ADD CONSTRAINT "push_fcm_configs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;