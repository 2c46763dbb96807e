CREATE TABLE "city_boundaries" (
	"division_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"geometry" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_loads" (
	"dataset" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datastreams" (
	"id" serial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"observed_property_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datastreams_thing_property_key" UNIQUE("thing_id","observed_property_code")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"parent_code" text,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"city_code" text,
	CONSTRAINT "locations_thing_id_unique" UNIQUE("thing_id")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"datastream_id" integer NOT NULL,
	"phenomenon_time" timestamp with time zone NOT NULL,
	"result_time" timestamp with time zone,
	"result" double precision NOT NULL,
	"quality" text,
	CONSTRAINT "observations_datastream_id_phenomenon_time_pk" PRIMARY KEY("datastream_id","phenomenon_time")
);
--> statement-breakpoint
CREATE TABLE "observed_properties" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"unit" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"province_name" text NOT NULL,
	"footer" text NOT NULL,
	"ops_platform_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "technical_regulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text NOT NULL,
	"category" text NOT NULL,
	"issued_on" date,
	"effective_on" date,
	"replaces_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technical_regulations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "things" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "things_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "city_boundaries" ADD CONSTRAINT "city_boundaries_division_code_divisions_code_fk" FOREIGN KEY ("division_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_observed_property_code_observed_properties_code_fk" FOREIGN KEY ("observed_property_code") REFERENCES "public"."observed_properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_parent_code_divisions_code_fk" FOREIGN KEY ("parent_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_code_divisions_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "divisions_parent_idx" ON "divisions" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "technical_regulations_replaces_idx" ON "technical_regulations" USING btree ("replaces_code");