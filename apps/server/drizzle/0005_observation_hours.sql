CREATE TABLE "observation_hours" (
	"datastream_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "observation_hours_datastream_id_hour_pk" PRIMARY KEY("datastream_id","hour")
);
--> statement-breakpoint
ALTER TABLE "observations" DROP CONSTRAINT "observations_datastream_id_datastreams_id_fk";
--> statement-breakpoint
ALTER TABLE "observation_hours" ADD CONSTRAINT "observation_hours_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): the roll-up follows every write to
-- observations in the same transaction. Hours are cut by date_bin from a midnight of UTC+08:00.
CREATE FUNCTION "observation_hours_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "observation_hours" ("datastream_id", "hour", "count", "sum", "min", "max")
  SELECT "datastream_id", date_bin('1 hour', "phenomenon_time", timestamptz '2000-01-01 00:00:00+08'),
         count(*), sum("result"), min("result"), max("result")
  FROM "added" GROUP BY 1, 2
  ON CONFLICT ("datastream_id", "hour") DO UPDATE SET
    "count" = "observation_hours"."count" + excluded."count",
    "sum" = "observation_hours"."sum" + excluded."sum",
    "min" = least("observation_hours"."min", excluded."min"),
    "max" = greatest("observation_hours"."max", excluded."max");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates and deletes cannot be subtracted from a min or max: the hours they touch are recomputed.
CREATE FUNCTION "observation_hours_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  hours timestamptz[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg("datastream_id"), array_agg("hour") INTO ids, hours FROM (
      SELECT DISTINCT "datastream_id", date_bin('1 hour', "phenomenon_time", timestamptz '2000-01-01 00:00:00+08') AS "hour" FROM "removed") t;
  ELSE
    SELECT array_agg("datastream_id"), array_agg("hour") INTO ids, hours FROM (
      SELECT DISTINCT "datastream_id", date_bin('1 hour', "phenomenon_time", timestamptz '2000-01-01 00:00:00+08') AS "hour"
      FROM (SELECT "datastream_id", "phenomenon_time" FROM "removed" UNION ALL SELECT "datastream_id", "phenomenon_time" FROM "added") x) t;
  END IF;
  INSERT INTO "observation_hours" ("datastream_id", "hour", "count", "sum", "min", "max")
  SELECT t."datastream_id", t."hour", count(*), sum(o."result"), min(o."result"), max(o."result")
  FROM unnest(ids, hours) AS t("datastream_id", "hour")
  JOIN "observations" o ON o."datastream_id" = t."datastream_id"
   AND o."phenomenon_time" >= t."hour" AND o."phenomenon_time" < t."hour" + interval '1 hour'
  GROUP BY 1, 2
  ON CONFLICT ("datastream_id", "hour") DO UPDATE SET
    "count" = excluded."count", "sum" = excluded."sum", "min" = excluded."min", "max" = excluded."max";
  DELETE FROM "observation_hours" h USING unnest(ids, hours) AS t("datastream_id", "hour")
  WHERE h."datastream_id" = t."datastream_id" AND h."hour" = t."hour"
    AND NOT EXISTS (SELECT 1 FROM "observations" o WHERE o."datastream_id" = t."datastream_id"
      AND o."phenomenon_time" >= t."hour" AND o."phenomenon_time" < t."hour" + interval '1 hour');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "observation_hours_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "observation_hours";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "observations_hours_insert" AFTER INSERT ON "observations"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "observation_hours_add"();
--> statement-breakpoint
CREATE TRIGGER "observations_hours_update" AFTER UPDATE ON "observations"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "observation_hours_recompute"();
--> statement-breakpoint
CREATE TRIGGER "observations_hours_delete" AFTER DELETE ON "observations"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "observation_hours_recompute"();
--> statement-breakpoint
CREATE TRIGGER "observations_hours_truncate" AFTER TRUNCATE ON "observations"
  FOR EACH STATEMENT EXECUTE FUNCTION "observation_hours_clear"();
--> statement-breakpoint
-- the Observations already stored
INSERT INTO "observation_hours" ("datastream_id", "hour", "count", "sum", "min", "max")
SELECT "datastream_id", date_bin('1 hour', "phenomenon_time", timestamptz '2000-01-01 00:00:00+08'),
       count(*), sum("result"), min("result"), max("result")
FROM "observations" GROUP BY 1, 2;
--> statement-breakpoint
-- observations.datastream_id has no foreign key (see schema.ts): deleting a Datastream deletes its
-- Observations here, as `on delete cascade` did.
CREATE FUNCTION "datastreams_delete_observations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "observations" WHERE "datastream_id" IN (SELECT "id" FROM "removed");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "datastreams_delete_observations" AFTER DELETE ON "datastreams"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "datastreams_delete_observations"();
