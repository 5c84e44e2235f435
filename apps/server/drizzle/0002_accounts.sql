CREATE TABLE "captcha_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"answer_x" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempted_at" timestamp with time zone,
	"pass_hash" text,
	"pass_expires_at" timestamp with time zone,
	"pass_used_at" timestamp with time zone,
	CONSTRAINT "captcha_challenges_pass_hash_unique" UNIQUE("pass_hash")
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"ip" text NOT NULL,
	"bind_ip" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"username" text NOT NULL,
	"country_dialing_code" text,
	"mobile_num" text,
	"email" text,
	"password_hash" text NOT NULL,
	"customer_type" integer DEFAULT 0 NOT NULL,
	"first_time_login" boolean DEFAULT false NOT NULL,
	"default_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_expires_at" timestamp with time zone,
	"language" text,
	"totp_secret_sealed" text,
	"email_two_factor" boolean DEFAULT false NOT NULL,
	"sms_two_factor" boolean DEFAULT false NOT NULL,
	"session_ip_binding" boolean DEFAULT false NOT NULL,
	"register_method" text,
	"register_url" text,
	"register_ip" text,
	"affiliate_code" text,
	"referral_code" text,
	"link_id" text,
	"pixel_track" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_mobile_pair" CHECK (("customers"."country_dialing_code" IS NULL) = ("customers"."mobile_num" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_logins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"customer_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "session_ip_binding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "captcha_challenges" ADD CONSTRAINT "captcha_challenges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD CONSTRAINT "pending_logins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD CONSTRAINT "pending_logins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_challenges_expires_idx" ON "captcha_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_customer_idx" ON "customer_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_merchant_username_idx" ON "customers" USING btree ("merchant_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_merchant_mobile_idx" ON "customers" USING btree ("merchant_id","country_dialing_code","mobile_num");--> statement-breakpoint
CREATE INDEX "customers_merchant_email_idx" ON "customers" USING btree ("merchant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_messages_destination_idx" ON "outbox_messages" USING btree ("channel","destination");--> statement-breakpoint
CREATE INDEX "verification_codes_lookup_idx" ON "verification_codes" USING btree ("merchant_id","channel","destination","purpose","created_at");