CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"client_reference_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"customer_email" text,
	"customer_name" text,
	"client_secret" text NOT NULL,
	"payment_intent_id" text,
	"idempotency_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_processor_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_earnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"reservation_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_ref" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"max_payouts" integer DEFAULT 100 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"auto_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"transfer_currency" text NOT NULL,
	"transfer_amount_minor" bigint NOT NULL,
	"rate" numeric(20, 10),
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"last_error" text,
	"run_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processor_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_secret" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_earnings" ADD CONSTRAINT "owner_earnings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_earnings" ADD CONSTRAINT "owner_earnings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_checkout_sessions_idem_uq" ON "local_checkout_sessions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "local_processor_records_idem_uq" ON "local_processor_records" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_earnings_source_uq" ON "owner_earnings" USING btree ("kind","source_ref");--> statement-breakpoint
CREATE INDEX "owner_earnings_unpaid_idx" ON "owner_earnings" USING btree ("owner_id","currency") WHERE payout_id IS NULL;--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("owner_id","created_at");