CREATE TABLE "channel_booking_revisions" (
	"revision_id" text PRIMARY KEY NOT NULL,
	"remote_booking_id" text NOT NULL,
	"property_id" bigint,
	"reservation_id" bigint,
	"status" text NOT NULL,
	"overbooked" boolean DEFAULT false NOT NULL,
	"payload" jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_drift" (
	"property_id" bigint NOT NULL,
	"room_type_id" bigint NOT NULL,
	"night" date NOT NULL,
	"ours" integer NOT NULL,
	"remote" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_drift_property_id_room_type_id_night_pk" PRIMARY KEY("property_id","room_type_id","night")
);
--> statement-breakpoint
CREATE TABLE "channel_pending_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_push_state" (
	"property_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"window_started_at" timestamp with time zone,
	"calls_in_window" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_push_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_warnings" jsonb,
	CONSTRAINT "channel_push_state_property_id_kind_pk" PRIMARY KEY("property_id","kind")
);
--> statement-breakpoint
CREATE TABLE "channel_sync_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"warnings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ical_blocks" (
	"feed_id" bigint NOT NULL,
	"night" date NOT NULL,
	"uid" text,
	"summary" text,
	CONSTRAINT "ical_blocks_feed_id_night_pk" PRIMARY KEY("feed_id","night")
);
--> statement-breakpoint
CREATE TABLE "ical_feeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"room_type_id" bigint DEFAULT 0 NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "ical_token" text;--> statement-breakpoint
ALTER TABLE "property_nights" ADD COLUMN "blocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "overbooked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_booking_revisions" ADD CONSTRAINT "channel_booking_revisions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_booking_revisions" ADD CONSTRAINT "channel_booking_revisions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_drift" ADD CONSTRAINT "channel_drift_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_pending_changes" ADD CONSTRAINT "channel_pending_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_push_state" ADD CONSTRAINT "channel_push_state_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_failures" ADD CONSTRAINT "channel_sync_failures_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_blocks" ADD CONSTRAINT "ical_blocks_feed_id_ical_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_revisions_booking_idx" ON "channel_booking_revisions" USING btree ("remote_booking_id");--> statement-breakpoint
CREATE INDEX "channel_revisions_unacked_idx" ON "channel_booking_revisions" USING btree ("applied_at") WHERE acked_at IS NULL;--> statement-breakpoint
CREATE INDEX "channel_pending_property_idx" ON "channel_pending_changes" USING btree ("property_id","kind");--> statement-breakpoint
CREATE INDEX "channel_failures_property_idx" ON "channel_sync_failures" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ical_feeds_property_url_uq" ON "ical_feeds" USING btree ("property_id","room_type_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_ical_token_uq" ON "properties" USING btree ("ical_token");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_channel_property_uq" ON "properties" USING btree ("channel_property_id");