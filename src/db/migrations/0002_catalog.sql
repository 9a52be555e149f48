CREATE TABLE "commodities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer DEFAULT 2 NOT NULL,
	"exchange_rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "neighborhoods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"city" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" bigint NOT NULL,
	"property_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" numeric(14, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" numeric(14, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"visibility" boolean DEFAULT true NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"who_are_you" text,
	"name_of_structure" text,
	"internal_name" text,
	"public_name" text,
	"type_id" bigint,
	"description" text,
	"country_code" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"neighborhood_id" bigint,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"base_price" bigint,
	"price_per_night" bigint,
	"pricing" numeric(18, 4),
	"cleaning_fee" bigint,
	"tax_rate" numeric(6, 3),
	"security_deposit" bigint,
	"weekly_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"monthly_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"capacity" integer,
	"square_footage" integer,
	"check_in_time" time,
	"check_in_time_end" time,
	"check_out_time" time,
	"breakfast_included" boolean DEFAULT false NOT NULL,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancellation_policy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channel_sync_requested" boolean DEFAULT false NOT NULL,
	"channel_property_id" text,
	"channel_synced_at" timestamp with time zone,
	"some_informations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wifi_informations" jsonb,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_commodities" (
	"property_id" bigint NOT NULL,
	"commodity_id" bigint NOT NULL,
	CONSTRAINT "property_commodities_property_id_commodity_id_pk" PRIMARY KEY("property_id","commodity_id")
);
--> statement-breakpoint
CREATE TABLE "property_medias" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"media_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"thumbnail_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_nights" (
	"property_id" bigint NOT NULL,
	"room_type_id" bigint DEFAULT 0 NOT NULL,
	"night" date NOT NULL,
	"price" bigint,
	"available_rooms" integer,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "property_nights_property_id_room_type_id_night_pk" PRIMARY KEY("property_id","room_type_id","night")
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_type_id" bigint NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"max_stay" jsonb NOT NULL,
	"min_stay_arrival" jsonb NOT NULL,
	"closed_to_arrival" jsonb NOT NULL,
	"closed_to_departure" jsonb NOT NULL,
	"stop_sell" jsonb NOT NULL,
	"sell_mode" text DEFAULT 'per_room' NOT NULL,
	"rate_mode" text DEFAULT 'manual' NOT NULL,
	"channel_rate_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"title" text NOT NULL,
	"count_of_rooms" integer NOT NULL,
	"occ_adults" integer NOT NULL,
	"occ_children" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	"channel_room_type_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reduction_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"min_stay" integer,
	"max_stay" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "neighborhoods" ADD CONSTRAINT "neighborhoods_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_type_id_property_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."property_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_neighborhood_id_neighborhoods_id_fk" FOREIGN KEY ("neighborhood_id") REFERENCES "public"."neighborhoods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_commodities" ADD CONSTRAINT "property_commodities_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_commodities" ADD CONSTRAINT "property_commodities_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_medias" ADD CONSTRAINT "property_medias_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_nights" ADD CONSTRAINT "property_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commodities_name_uq" ON "commodities" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_one_default_uq" ON "currencies" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE INDEX "currencies_active_idx" ON "currencies" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "neighborhoods_uq" ON "neighborhoods" USING btree ("country_code",lower("city"),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "property_types_name_uq" ON "property_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "favorites_property_idx" ON "favorites" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "offers_property_idx" ON "offers" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "packages_property_idx" ON "packages" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_property_code_uq" ON "promo_codes" USING btree ("property_id",lower("code"));--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "properties_public_geo_idx" ON "properties" USING btree ("latitude","longitude") WHERE status = 'active' AND visibility;--> statement-breakpoint
CREATE INDEX "properties_public_price_idx" ON "properties" USING btree ("price_per_night") WHERE status = 'active' AND visibility;--> statement-breakpoint
CREATE INDEX "properties_public_type_idx" ON "properties" USING btree ("type_id") WHERE status = 'active' AND visibility;--> statement-breakpoint
CREATE INDEX "properties_public_created_idx" ON "properties" USING btree ("created_at") WHERE status = 'active' AND visibility;--> statement-breakpoint
CREATE INDEX "properties_recommended_idx" ON "properties" USING btree ("id") WHERE recommended AND status = 'active' AND visibility;--> statement-breakpoint
CREATE INDEX "property_commodities_commodity_idx" ON "property_commodities" USING btree ("commodity_id");--> statement-breakpoint
CREATE INDEX "property_medias_property_idx" ON "property_medias" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "rate_plans_room_type_idx" ON "rate_plans" USING btree ("room_type_id");--> statement-breakpoint
CREATE INDEX "room_types_property_idx" ON "room_types" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "seasons_property_idx" ON "seasons" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "services_property_idx" ON "services" USING btree ("property_id");