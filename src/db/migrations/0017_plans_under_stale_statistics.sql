DROP INDEX "reservations_pending_hold_idx";--> statement-breakpoint
DROP INDEX "channel_revisions_unacked_idx";--> statement-breakpoint
CREATE INDEX "channel_revisions_property_idx" ON "channel_booking_revisions" USING btree ("property_id","applied_at");--> statement-breakpoint
CREATE INDEX "reservations_pending_hold_idx" ON "reservations" USING btree ("hold_expires_at") WHERE status = 'pending' AND hold_expires_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "channel_revisions_unacked_idx" ON "channel_booking_revisions" USING btree ("property_id") WHERE acked_at IS NULL;