CREATE TABLE "sense"."medicionhora" (
	"nodoid" integer NOT NULL,
	"metricaid" integer NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"tipoid" integer NOT NULL,
	"ubicacionid" integer NOT NULL,
	"minimo" double precision NOT NULL,
	"maximo" double precision NOT NULL,
	"suma" double precision NOT NULL,
	"cantidad" integer NOT NULL,
	"ultima" timestamp with time zone NOT NULL,
	CONSTRAINT "medicionhora_pkey" PRIMARY KEY("nodoid","metricaid","hora","tipoid","ubicacionid")
);
--> statement-breakpoint
-- The current hour's rows are updated by every batch: room on each page keeps those updates HOT.
ALTER TABLE "sense"."medicionhora" SET (fillfactor = 70);--> statement-breakpoint
CREATE INDEX "medicionhora_ubicacionid_metricaid_hora_idx" ON "sense"."medicionhora" USING btree ("ubicacionid","metricaid","hora");--> statement-breakpoint
-- INCLUDE (medicion): a location's chart reads the index alone (drizzle-kit cannot say INCLUDE).
CREATE INDEX "medicion_ubicacionid_metricaid_fecha_idx" ON "sense"."medicion" USING btree ("ubicacionid","metricaid","fecha") INCLUDE ("medicion");--> statement-breakpoint
-- Charts of more than a few days read hours instead of every reading (issue 31). Kept by statement
-- triggers on medicion, exact at every snapshot: an insert adds its readings to their hours (an
-- upsert, keys in order so concurrent batches never deadlock on each other); an edit or a delete
-- recounts the hours it touched from medicion. Inserts hold a shared advisory lock and recounts an
-- exclusive one, so a recount waits for the batches in flight and reads them all.
INSERT INTO "sense"."medicionhora" ("nodoid", "metricaid", "hora", "tipoid", "ubicacionid", "minimo", "maximo", "suma", "cantidad", "ultima")
SELECT "nodoid", "metricaid", date_bin('1 hour', "fecha", 'epoch'::timestamptz), "tipoid", "ubicacionid",
       min("medicion"), max("medicion"), sum("medicion"), count(*), max("fecha")
  FROM "sense"."medicion" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "sense"."medicionhora_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('camposense:medicionhora'));
  INSERT INTO sense.medicionhora AS h (nodoid, metricaid, hora, tipoid, ubicacionid, minimo, maximo, suma, cantidad, ultima)
  SELECT nodoid, metricaid, date_bin('1 hour', fecha, 'epoch'::timestamptz), tipoid, ubicacionid,
         min(medicion), max(medicion), sum(medicion), count(*), max(fecha)
    FROM nuevas GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (nodoid, metricaid, hora, tipoid, ubicacionid) DO UPDATE
     SET minimo = least(h.minimo, excluded.minimo), maximo = greatest(h.maximo, excluded.maximo),
         suma = h.suma + excluded.suma, cantidad = h.cantidad + excluded.cantidad, ultima = greatest(h.ultima, excluded.ultima);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."medicionhora_recount"(touched jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('camposense:medicionhora'));
  -- Statements after the lock read with a new snapshot: every batch that held the shared lock has committed.
  DELETE FROM sense.medicionhora h
   USING jsonb_to_recordset(touched) AS t(nodoid int, metricaid int, hora timestamptz, tipoid int, ubicacionid int)
   WHERE h.nodoid = t.nodoid AND h.metricaid = t.metricaid AND h.hora = t.hora AND h.tipoid = t.tipoid AND h.ubicacionid = t.ubicacionid;
  INSERT INTO sense.medicionhora (nodoid, metricaid, hora, tipoid, ubicacionid, minimo, maximo, suma, cantidad, ultima)
  SELECT t.nodoid, t.metricaid, t.hora, t.tipoid, t.ubicacionid, min(m.medicion), max(m.medicion), sum(m.medicion), count(*), max(m.fecha)
    FROM jsonb_to_recordset(touched) AS t(nodoid int, metricaid int, hora timestamptz, tipoid int, ubicacionid int)
    JOIN sense.medicion m ON m.nodoid = t.nodoid AND m.metricaid = t.metricaid AND m.fecha >= t.hora
     AND m.fecha < t.hora + interval '1 hour' AND m.tipoid = t.tipoid AND m.ubicacionid = t.ubicacionid
   GROUP BY 1, 2, 3, 4, 5;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."medicionhora_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sense.medicionhora_recount((
    SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('nodoid', nodoid, 'metricaid', metricaid,
             'hora', date_bin('1 hour', fecha, 'epoch'::timestamptz), 'tipoid', tipoid, 'ubicacionid', ubicacionid)), '[]'::jsonb)
      FROM (SELECT nodoid, metricaid, fecha, tipoid, ubicacionid FROM antes
            UNION ALL SELECT nodoid, metricaid, fecha, tipoid, ubicacionid FROM despues) cambio));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."medicionhora_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sense.medicionhora_recount((
    SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('nodoid', nodoid, 'metricaid', metricaid,
             'hora', date_bin('1 hour', fecha, 'epoch'::timestamptz), 'tipoid', tipoid, 'ubicacionid', ubicacionid)), '[]'::jsonb)
      FROM antes));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sense"."medicionhora_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sense.medicionhora;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "medicionhora_insert" AFTER INSERT ON "sense"."medicion"
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "sense"."medicionhora_insert"();--> statement-breakpoint
CREATE TRIGGER "medicionhora_update" AFTER UPDATE ON "sense"."medicion"
  REFERENCING OLD TABLE AS antes NEW TABLE AS despues FOR EACH STATEMENT EXECUTE FUNCTION "sense"."medicionhora_update"();--> statement-breakpoint
CREATE TRIGGER "medicionhora_delete" AFTER DELETE ON "sense"."medicion"
  REFERENCING OLD TABLE AS antes FOR EACH STATEMENT EXECUTE FUNCTION "sense"."medicionhora_delete"();--> statement-breakpoint
CREATE TRIGGER "medicionhora_truncate" AFTER TRUNCATE ON "sense"."medicion"
  FOR EACH STATEMENT EXECUTE FUNCTION "sense"."medicionhora_truncate"();
