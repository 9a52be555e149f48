CREATE TABLE "channel_contacts" (
	"property_id" bigint PRIMARY KEY NOT NULL,
	"email" text,
	"phone" text,
	"zip_code" text,
	"city" text,
	"state" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_sent_objects" (
	"property_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"remote_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_sent_objects_property_id_kind_remote_id_pk" PRIMARY KEY("property_id","kind","remote_id")
);
--> statement-breakpoint
CREATE TABLE "channel_sent_values" (
	"property_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"remote_id" text NOT NULL,
	"night" date NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "channel_sent_values_property_id_kind_remote_id_night_pk" PRIMARY KEY("property_id","kind","remote_id","night")
);
--> statement-breakpoint
ALTER TABLE "channel_booking_revisions" ADD COLUMN "unplaced_reason" text;--> statement-breakpoint
ALTER TABLE "channel_push_state" ADD COLUMN "full_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_push_state" ADD COLUMN "synced_through" date;--> statement-breakpoint
ALTER TABLE "channel_contacts" ADD CONSTRAINT "channel_contacts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sent_objects" ADD CONSTRAINT "channel_sent_objects_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sent_values" ADD CONSTRAINT "channel_sent_values_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;