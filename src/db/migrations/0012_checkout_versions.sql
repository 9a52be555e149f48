ALTER TABLE "reservations" ADD COLUMN "refund_requested_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reservation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "plan" jsonb;--> statement-breakpoint
-- Refunds requested so far, kept on the reservation from now on.
UPDATE "reservations" r SET "refund_requested_minor" = f.total
FROM (SELECT "reservation_id", sum("amount_minor") AS total FROM "refunds" GROUP BY "reservation_id") f
WHERE f."reservation_id" = r."id";
