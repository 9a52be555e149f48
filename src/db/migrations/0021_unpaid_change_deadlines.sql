ALTER TABLE "reservations" ADD COLUMN "paid_stay" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "change_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reservations_change_expires_idx" ON "reservations" USING btree ("change_expires_at") WHERE change_expires_at IS NOT NULL;