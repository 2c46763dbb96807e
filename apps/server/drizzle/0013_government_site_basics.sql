-- Issue 13: the government-site fields (footer: 主办/承办单位, 公安机关备案号, 网站标识码, contact; notices: 文号, 索引号, 发布机构, 成文日期)
-- and each Thing's expected reporting interval (null = its kind's default), which "online" is judged by.
ALTER TABLE "notices" ADD COLUMN "document_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "index_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "issuing_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "written_on" date;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sponsor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "operator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "public_security_record_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "site_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "reporting_interval_seconds" integer;