CREATE TABLE "verification_kinds" (
	"code" text PRIMARY KEY NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL,
	"deadline_hours" integer NOT NULL,
	"auto_dispatch" boolean DEFAULT false NOT NULL,
	"verdicts" jsonb NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_account" text NOT NULL,
	"verdict" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "verification_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"division_code" text NOT NULL,
	"organisation_id" integer,
	"status" text NOT NULL,
	"verdict" text,
	"deadline_at" timestamp with time zone,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"feedback_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verification_steps" ADD CONSTRAINT "verification_steps_task_id_verification_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."verification_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_steps" ADD CONSTRAINT "verification_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tasks" ADD CONSTRAINT "verification_tasks_kind_verification_kinds_code_fk" FOREIGN KEY ("kind") REFERENCES "public"."verification_kinds"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tasks" ADD CONSTRAINT "verification_tasks_division_code_divisions_code_fk" FOREIGN KEY ("division_code") REFERENCES "public"."divisions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tasks" ADD CONSTRAINT "verification_tasks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_steps_task_idx" ON "verification_steps" USING btree ("task_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tasks_source_idx" ON "verification_tasks" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "verification_tasks_status_idx" ON "verification_tasks" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "verification_tasks_organisation_idx" ON "verification_tasks" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "verification_tasks_detected_idx" ON "verification_tasks" USING btree ("detected_at");--> statement-breakpoint
-- the kinds the portal ships with (docs/verification.md §Kinds); administrators edit the deadline rule and automatic dispatch
INSERT INTO "verification_kinds" ("code", "zh", "en", "deadline_hours", "auto_dispatch", "verdicts", "sort_order") VALUES
('hotspot', '卫星热点', 'Satellite hotspot', 24, false, '[{"code":"forest_fire","zh":"林火","en":"Forest fire"},{"code":"agricultural_burning","zh":"农事用火","en":"Agricultural burning"},{"code":"industrial_heat","zh":"工业热源","en":"Industrial heat source"},{"code":"other_heat","zh":"其他热源","en":"Other heat source"},{"code":"false_alarm","zh":"误报","en":"False alarm"}]', 1),
('change_patch', '遥感变化图斑', 'Remote-sensing change patch', 720, false, '[{"code":"legal","zh":"合法","en":"Lawful"},{"code":"illegal","zh":"违法","en":"Unlawful"},{"code":"not_forest_land","zh":"不在林地","en":"Not on forest land"},{"code":"undetermined","zh":"待定","en":"Undetermined"}]', 2),
('fire_alarm', '视频烟火告警', 'Camera smoke or fire alarm', 2, false, '[{"code":"forest_fire","zh":"林火","en":"Forest fire"},{"code":"agricultural_burning","zh":"农事用火","en":"Agricultural burning"},{"code":"other_smoke","zh":"其他烟火","en":"Other smoke or fire"},{"code":"false_alarm","zh":"误报","en":"False alarm"}]', 3),
('camera_trap', '红外相机识别', 'Camera-trap identification', 168, false, '[{"code":"confirmed","zh":"识别正确","en":"Identification confirmed"},{"code":"corrected","zh":"已更正物种","en":"Species corrected"},{"code":"blank","zh":"空拍","en":"Blank"},{"code":"human","zh":"人","en":"Human"},{"code":"vehicle","zh":"车辆","en":"Vehicle"},{"code":"unidentifiable","zh":"无法识别","en":"Unidentifiable"}]', 4),
('patrol', '巡护上报', 'Ranger report', 72, false, '[{"code":"confirmed","zh":"情况属实","en":"Confirmed"},{"code":"not_confirmed","zh":"情况不实","en":"Not confirmed"},{"code":"handled","zh":"已现场处置","en":"Dealt with on site"}]', 5);
