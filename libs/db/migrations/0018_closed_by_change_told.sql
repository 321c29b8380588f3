-- Custom (issue 27, item 5, closing gaps): the function of 0016 that ends the episodes a change
-- of threshold, node, probe, probe metric or placement leaves without a subject also records the
-- ids it closed in the transaction-local setting camposense.episodioscerrados (comma-separated).
-- A writer (the table API) reads it before committing and, after the commit, publishes the live
-- "alerts" event acknowledgements and readings publish, so open consoles see the episode end at
-- once. The triggers of 0016 are unchanged and keep calling this function.
CREATE OR REPLACE FUNCTION "sense"."episodio_cerrar_por_cambio"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	actor integer := nullif(current_setting('camposense.usuarioid', true), '')::integer;
	clave jsonb;
	ids bigint[];
	cerrados bigint[];
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
	WITH c AS (
		UPDATE "sense"."episodio" SET "fechafin" = now(), "statusid" = 0, "motivocierre" = 'cambio', "cerradopor" = actor,
		       "cambiocierre" = jsonb_build_object('tabla', TG_TABLE_NAME, 'accion', TG_OP, 'clave', clave)
		 WHERE "episodioid" = any(ids) AND "fechafin" IS NULL
		RETURNING "episodioid")
	SELECT array_agg(c."episodioid") INTO cerrados FROM c;
	UPDATE "sense"."alerta" SET "statusid" = 0 WHERE "episodioid" = any(ids) AND "statusid" = 1;
	IF cerrados IS NULL THEN
		RETURN NULL;
	END IF;
	-- Told to the writer: the ids this transaction closed, so that after its commit it can tell
	-- open consoles (the live stream) without scanning episodio. Transaction-local, and undone with
	-- a rolled-back savepoint, so it names exactly what the commit ends.
	PERFORM set_config('camposense.episodioscerrados',
	                   concat_ws(',', nullif(current_setting('camposense.episodioscerrados', true), ''), array_to_string(cerrados, ',')),
	                   true);
	RETURN NULL;
END;
$$;
