-- The alerts report's total (issue 17): counting a year of alerts on every page cost 40-70 ms, so
-- the number of alerts per threshold and state is kept as it changes. Rows are deltas, appended by
-- statement triggers and never updated in place (concurrent ingest batches and acknowledgements
-- take no lock on them); the API folds them into one row per key now and then. Exact at every
-- snapshot, like count(*): the deltas commit with the alerts they count.
CREATE TABLE "sense"."alerta_conteo" (
	"umbralid" integer NOT NULL,
	"statusid" integer NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "sense"."alerta_conteo" ("umbralid", "statusid", "n")
SELECT "umbralid", "statusid", count(*) FROM "sense"."alerta" GROUP BY "umbralid", "statusid";--> statement-breakpoint
CREATE FUNCTION "sense"."alerta_conteo_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sense.alerta_conteo (umbralid, statusid, n)
  SELECT umbralid, statusid, count(*) FROM nuevas GROUP BY umbralid, statusid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."alerta_conteo_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sense.alerta_conteo (umbralid, statusid, n)
  SELECT umbralid, statusid, sum(n) FROM (
    SELECT umbralid, statusid, -1 AS n FROM antes
    UNION ALL
    SELECT umbralid, statusid, 1 AS n FROM despues) cambio
  GROUP BY umbralid, statusid HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."alerta_conteo_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sense.alerta_conteo (umbralid, statusid, n)
  SELECT umbralid, statusid, -count(*) FROM antes GROUP BY umbralid, statusid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."alerta_conteo_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sense.alerta_conteo;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "alerta_conteo_insert" AFTER INSERT ON "sense"."alerta"
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "sense"."alerta_conteo_insert"();--> statement-breakpoint
CREATE TRIGGER "alerta_conteo_update" AFTER UPDATE ON "sense"."alerta"
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues FOR EACH STATEMENT EXECUTE FUNCTION "sense"."alerta_conteo_update"();--> statement-breakpoint
CREATE TRIGGER "alerta_conteo_delete" AFTER DELETE ON "sense"."alerta"
  REFERENCING OLD TABLE AS antes FOR EACH STATEMENT EXECUTE FUNCTION "sense"."alerta_conteo_delete"();--> statement-breakpoint
CREATE TRIGGER "alerta_conteo_truncate" AFTER TRUNCATE ON "sense"."alerta"
  FOR EACH STATEMENT EXECUTE FUNCTION "sense"."alerta_conteo_truncate"();
