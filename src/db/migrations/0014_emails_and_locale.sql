CREATE TABLE "email_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_event_id" bigint NOT NULL,
	"template" text NOT NULL,
	"recipient_user_id" bigint NOT NULL,
	"to_address" text NOT NULL,
	"locale" text NOT NULL,
	"vars" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_jobs_event_template_recipient_uq" ON "email_jobs" USING btree ("source_event_id","template","recipient_user_id");--> statement-breakpoint
CREATE INDEX "email_jobs_due_idx" ON "email_jobs" USING btree ("next_attempt_at") WHERE status IN ('queued', 'sending');