CREATE TABLE "sense"."tokenusado" (
	"jti" text PRIMARY KEY NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD COLUMN "motivocierre" text;--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD COLUMN "cerradopor" integer;--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD COLUMN "cambiocierre" jsonb;--> statement-breakpoint
CREATE INDEX "tokenusado_expira_idx" ON "sense"."tokenusado" USING btree ("expira");--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD CONSTRAINT "episodio_cerradopor_usuario_usuarioid_fk" FOREIGN KEY ("cerradopor") REFERENCES "sense"."usuario"("usuarioid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD CONSTRAINT "episodio_motivocierre_check" CHECK ("sense"."episodio"."motivocierre" in ('cambio'));--> statement-breakpoint
-- Custom part (issue 27, item 5): changing what an episode watches ends it. Deactivating, deleting
-- or repointing a threshold (umbral), its node (nodo), its probe (sensor), the probe's metric
-- (metricasensor) or the node's placement there (localizacion) closes the open episodes it owns,
-- as 'cambio', with who (the writer's `camposense.usuarioid`, see audit_umbral in 0002, else the
-- row's usermodifiedid), when (fechafin) and which row (cambiocierre). Their active alerts close
-- as an episode's do. The notifier drops the rounds of an ended episode, so reminders and
-- escalation stop with the change. A trigger, not the API, so every path (the table API, the bulk
-- import, bare SQL) ends them alike.
CREATE OR REPLACE FUNCTION "sense"."episodio_cerrar_por_cambio"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	actor integer := nullif(current_setting('camposense.usuarioid', true), '')::integer;
	clave jsonb;
	ids bigint[];
BEGIN
	IF TG_OP = 'UPDATE' THEN
		actor := coalesce(actor, NEW."usermodifiedid");
	END IF;
	IF TG_TABLE_NAME = 'umbral' THEN
		clave := jsonb_build_object('umbralid', OLD."umbralid");
		-- Taken in ingest's order (the threshold rows first): a batch that is opening an episode
		-- of it commits before this looks, so the episode it opened is seen and closed.
		PERFORM 1 FROM "sense"."umbral" u WHERE u."umbralid" = OLD."umbralid" FOR UPDATE;
		SELECT array_agg(e."episodioid") INTO ids FROM "sense"."episodio" e
		 WHERE e."umbralid" = OLD."umbralid" AND e."fechafin" IS NULL;
	ELSIF TG_TABLE_NAME = 'nodo' THEN
		clave := jsonb_build_object('nodoid', OLD."nodoid");
		PERFORM 1 FROM "sense"."umbral" u WHERE u."nodoid" = OLD."nodoid" ORDER BY u."umbralid" FOR UPDATE;
		SELECT array_agg(e."episodioid") INTO ids FROM "sense"."episodio" e
		 WHERE e."nodoid" = OLD."nodoid" AND e."fechafin" IS NULL;
	ELSIF TG_TABLE_NAME = 'sensor' THEN
		clave := jsonb_build_object('nodoid', OLD."nodoid", 'tipoid', OLD."tipoid");
		PERFORM 1 FROM "sense"."umbral" u WHERE u."nodoid" = OLD."nodoid" AND u."tipoid" = OLD."tipoid" ORDER BY u."umbralid" FOR UPDATE;
		SELECT array_agg(e."episodioid") INTO ids FROM "sense"."episodio" e
		  JOIN "sense"."umbral" u ON u."umbralid" = e."umbralid"
		 WHERE u."nodoid" = OLD."nodoid" AND u."tipoid" = OLD."tipoid" AND e."fechafin" IS NULL;
	ELSIF TG_TABLE_NAME = 'metricasensor' THEN
		clave := jsonb_build_object('nodoid', OLD."nodoid", 'tipoid', OLD."tipoid", 'metricaid', OLD."metricaid");
		PERFORM 1 FROM "sense"."umbral" u
		 WHERE u."nodoid" = OLD."nodoid" AND u."tipoid" = OLD."tipoid" AND u."metricaid" = OLD."metricaid" ORDER BY u."umbralid" FOR UPDATE;
		SELECT array_agg(e."episodioid") INTO ids FROM "sense"."episodio" e
		  JOIN "sense"."umbral" u ON u."umbralid" = e."umbralid"
		 WHERE u."nodoid" = OLD."nodoid" AND u."tipoid" = OLD."tipoid" AND u."metricaid" = OLD."metricaid" AND e."fechafin" IS NULL;
	ELSIF TG_TABLE_NAME = 'localizacion' THEN
		-- The node may still stand in that location for another entity: then nothing changed.
		IF EXISTS (SELECT 1 FROM "sense"."localizacion" l
		            WHERE l."nodoid" = OLD."nodoid" AND l."ubicacionid" = OLD."ubicacionid" AND l."statusid" = 1) THEN
			RETURN NULL;
		END IF;
		clave := jsonb_build_object('entidadid', OLD."entidadid", 'ubicacionid', OLD."ubicacionid", 'nodoid', OLD."nodoid");
		PERFORM 1 FROM "sense"."umbral" u
		 WHERE u."nodoid" = OLD."nodoid" AND u."ubicacionid" = OLD."ubicacionid" ORDER BY u."umbralid" FOR UPDATE;
		SELECT array_agg(e."episodioid") INTO ids FROM "sense"."episodio" e
		  JOIN "sense"."umbral" u ON u."umbralid" = e."umbralid"
		 WHERE u."nodoid" = OLD."nodoid" AND u."ubicacionid" = OLD."ubicacionid" AND e."fechafin" IS NULL;
	END IF;
	IF ids IS NULL THEN
		RETURN NULL;
	END IF;
	UPDATE "sense"."episodio" SET "fechafin" = now(), "statusid" = 0, "motivocierre" = 'cambio', "cerradopor" = actor,
	       "cambiocierre" = jsonb_build_object('tabla', TG_TABLE_NAME, 'accion', TG_OP, 'clave', clave)
	 WHERE "episodioid" = any(ids) AND "fechafin" IS NULL;
	UPDATE "sense"."alerta" SET "statusid" = 0 WHERE "episodioid" = any(ids) AND "statusid" = 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "umbral_cierra_episodios_update" AFTER UPDATE ON "sense"."umbral" FOR EACH ROW
	WHEN (NEW."statusid" <> 1 OR (OLD."ubicacionid", OLD."nodoid", OLD."tipoid", OLD."metricaid") IS DISTINCT FROM (NEW."ubicacionid", NEW."nodoid", NEW."tipoid", NEW."metricaid"))
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "umbral_cierra_episodios_delete" AFTER DELETE ON "sense"."umbral" FOR EACH ROW
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "nodo_cierra_episodios_update" AFTER UPDATE ON "sense"."nodo" FOR EACH ROW
	WHEN (NEW."statusid" <> 1)
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "nodo_cierra_episodios_delete" AFTER DELETE ON "sense"."nodo" FOR EACH ROW
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "sensor_cierra_episodios_update" AFTER UPDATE ON "sense"."sensor" FOR EACH ROW
	WHEN (NEW."statusid" <> 1 OR (OLD."nodoid", OLD."tipoid") IS DISTINCT FROM (NEW."nodoid", NEW."tipoid"))
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "sensor_cierra_episodios_delete" AFTER DELETE ON "sense"."sensor" FOR EACH ROW
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "metricasensor_cierra_episodios_update" AFTER UPDATE ON "sense"."metricasensor" FOR EACH ROW
	WHEN (NEW."statusid" <> 1 OR (OLD."nodoid", OLD."tipoid", OLD."metricaid") IS DISTINCT FROM (NEW."nodoid", NEW."tipoid", NEW."metricaid"))
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "metricasensor_cierra_episodios_delete" AFTER DELETE ON "sense"."metricasensor" FOR EACH ROW
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "localizacion_cierra_episodios_update" AFTER UPDATE ON "sense"."localizacion" FOR EACH ROW
	WHEN (NEW."statusid" <> 1 OR (OLD."ubicacionid", OLD."nodoid") IS DISTINCT FROM (NEW."ubicacionid", NEW."nodoid"))
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
CREATE TRIGGER "localizacion_cierra_episodios_delete" AFTER DELETE ON "sense"."localizacion" FOR EACH ROW
	EXECUTE FUNCTION "sense"."episodio_cerrar_por_cambio"();
--> statement-breakpoint
-- Data step: episodes left open by older versions although what they watch is already gone or
-- inactive end now, as changed (nobody to name), so their reminders stop after the upgrade.
WITH huerfanos AS (
	SELECT e."episodioid" FROM "sense"."episodio" e
	  JOIN "sense"."nodo" n ON n."nodoid" = e."nodoid"
	  LEFT JOIN "sense"."umbral" u ON u."umbralid" = e."umbralid"
	  LEFT JOIN "sense"."sensor" s ON s."nodoid" = u."nodoid" AND s."tipoid" = u."tipoid"
	  LEFT JOIN "sense"."metricasensor" ms ON ms."nodoid" = u."nodoid" AND ms."tipoid" = u."tipoid" AND ms."metricaid" = u."metricaid"
	 WHERE e."fechafin" IS NULL
	   AND (n."statusid" <> 1
	        OR (e."umbralid" IS NOT NULL AND (u."statusid" <> 1 OR s."statusid" IS DISTINCT FROM 1 OR ms."statusid" IS DISTINCT FROM 1)))
), cerrados AS (
	UPDATE "sense"."episodio" e SET "fechafin" = now(), "statusid" = 0, "motivocierre" = 'cambio',
	       "cambiocierre" = jsonb_build_object('accion', 'MIGRACION 0016')
	  FROM huerfanos h WHERE e."episodioid" = h."episodioid"
	RETURNING e."episodioid"
)
UPDATE "sense"."alerta" a SET "statusid" = 0 FROM cerrados c WHERE a."episodioid" = c."episodioid" AND a."statusid" = 1;
