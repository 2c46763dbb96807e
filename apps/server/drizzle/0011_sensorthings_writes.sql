ALTER TABLE "sensors" DROP CONSTRAINT "sensors_name_unique";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_thing_id_things_id_fk";
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "properties" jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE set null ON UPDATE no action;