CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"observed_property_code" text,
	"comparator" text,
	"threshold" double precision,
	"silent_minutes" integer,
	"thing_kind" text,
	"severity" text DEFAULT 'warning' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"thing_id" integer NOT NULL,
	"datastream_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"value" double precision,
	"opened_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "detections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"phenomenon_time" timestamp with time zone NOT NULL,
	"scientific_name" text NOT NULL,
	"listed" boolean NOT NULL,
	"count" integer NOT NULL,
	"confidence" double precision NOT NULL,
	"image_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detections_thing_time_species_key" UNIQUE("thing_id","phenomenon_time","scientific_name")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"organisation_id" integer,
	"author_id" integer,
	"author_name" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protected_species" (
	"scientific_name" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"level" text NOT NULL,
	"taxon" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulation_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"regulation_id" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"encoding_type" text DEFAULT 'text/plain' NOT NULL,
	"metadata" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "thing_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"thing_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "thing_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "sensor_id" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "observed_properties" ADD COLUMN "min_value" double precision;--> statement-breakpoint
ALTER TABLE "observed_properties" ADD COLUMN "max_value" double precision;--> statement-breakpoint
ALTER TABLE "technical_regulations" ADD COLUMN "abolished_on" date;--> statement-breakpoint
ALTER TABLE "technical_regulations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_observed_property_code_observed_properties_code_fk" FOREIGN KEY ("observed_property_code") REFERENCES "public"."observed_properties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_image_sha256_files_sha256_fk" FOREIGN KEY ("image_sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_file_sha256_files_sha256_fk" FOREIGN KEY ("file_sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_documents" ADD CONSTRAINT "regulation_documents_regulation_id_technical_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."technical_regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_documents" ADD CONSTRAINT "regulation_documents_file_sha256_files_sha256_fk" FOREIGN KEY ("file_sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thing_keys" ADD CONSTRAINT "thing_keys_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thing_keys" ADD CONSTRAINT "thing_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_active_idx" ON "alerts" USING btree ("rule_id","thing_id") WHERE "alerts"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "alerts_status_idx" ON "alerts" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "detections_time_idx" ON "detections" USING btree ("phenomenon_time");--> statement-breakpoint
CREATE INDEX "notice_attachments_notice_idx" ON "notice_attachments" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notices_listing_idx" ON "notices" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "regulation_documents_regulation_idx" ON "regulation_documents" USING btree ("regulation_id");--> statement-breakpoint
CREATE INDEX "thing_keys_thing_idx" ON "thing_keys" USING btree ("thing_id");--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_county_code_divisions_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "things" ADD CONSTRAINT "things_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;