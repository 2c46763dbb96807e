ALTER TABLE "detections" DROP CONSTRAINT "detections_thing_time_species_key";--> statement-breakpoint
ALTER TABLE "detections" ALTER COLUMN "confidence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "image_damaged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "source" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "review_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "reviewed_name" text;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "reviewed_count" integer;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detections_thing_time_species_key" ON "detections" USING btree ("thing_id","phenomenon_time","scientific_name") WHERE "detections"."source" = 'device';--> statement-breakpoint
CREATE UNIQUE INDEX "detections_thing_upload_idx" ON "detections" USING btree ("thing_id","image_sha256") WHERE "detections"."source" = 'upload';--> statement-breakpoint
CREATE INDEX "detections_review_idx" ON "detections" USING btree ("review_status","phenomenon_time");--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_reviewed_count_check" CHECK ("detections"."reviewed_count" is null or "detections"."reviewed_count" >= 0);