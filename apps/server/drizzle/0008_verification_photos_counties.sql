CREATE TABLE "county_boundaries" (
	"division_code" text PRIMARY KEY NOT NULL,
	"geometry" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" integer
);
--> statement-breakpoint
CREATE TABLE "verification_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"step_id" integer,
	"sha256" text NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"taken_at" timestamp with time zone,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "county_boundaries" ADD CONSTRAINT "county_boundaries_division_code_divisions_code_fk" FOREIGN KEY ("division_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "county_boundaries" ADD CONSTRAINT "county_boundaries_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_photos" ADD CONSTRAINT "verification_photos_task_id_verification_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."verification_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_photos" ADD CONSTRAINT "verification_photos_step_id_verification_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."verification_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_photos" ADD CONSTRAINT "verification_photos_sha256_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_photos" ADD CONSTRAINT "verification_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_photos_task_idx" ON "verification_photos" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_photos_task_file_idx" ON "verification_photos" USING btree ("task_id","sha256");