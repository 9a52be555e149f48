ALTER TABLE "properties" ADD COLUMN "channel_unit_room_type_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "channel_unit_rate_plan_id" text;