-- Edited after generation: UNLOGGED (drizzle has no word for it). Counters need no crash safety or
-- replica, and skipping the WAL flush on every request doubles the throughput of rate-limited calls.
CREATE UNLOGGED TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsa_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"sealed_with" text NOT NULL,
	"current_until" timestamp with time zone NOT NULL,
	"accepted_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsa_keys_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "rsa_keys_id_format" CHECK ("rsa_keys"."id" ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "rsa_keys_accepted_after_current" CHECK ("rsa_keys"."accepted_until" >= "rsa_keys"."current_until")
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");