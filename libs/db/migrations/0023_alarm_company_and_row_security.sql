ALTER TABLE "sense"."alerta" ADD COLUMN "empresaid" integer;--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD COLUMN "empresaid" integer;--> statement-breakpoint
ALTER TABLE "sense"."mensaje" ADD COLUMN "empresaid" integer;--> statement-breakpoint
ALTER TABLE "sense"."alerta" ADD CONSTRAINT "alerta_empresaid_empresa_empresaid_fk" FOREIGN KEY ("empresaid") REFERENCES "sense"."empresa"("empresaid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense"."episodio" ADD CONSTRAINT "episodio_empresaid_empresa_empresaid_fk" FOREIGN KEY ("empresaid") REFERENCES "sense"."empresa"("empresaid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense"."mensaje" ADD CONSTRAINT "mensaje_empresaid_empresa_empresaid_fk" FOREIGN KEY ("empresaid") REFERENCES "sense"."empresa"("empresaid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 32, row-level security (docs/tenancy.md). The company an alert, episode or message belongs
-- to is stored on the row, as it was when the row was written: a threshold or node moved to another
-- company later does not carry its past alarms along (they stay with the company they were raised
-- under, and so do their messages). The ingest, the alarm engine and the notifier write it; the
-- trigger below fills it for any other insert that leaves it out (the demo, tests, hand-written SQL).
UPDATE "sense"."alerta" a SET "empresaid" = f."empresaid"
  FROM "sense"."umbral" u JOIN "sense"."ubicacion" ub ON ub."ubicacionid" = u."ubicacionid" JOIN "sense"."fundo" f ON f."fundoid" = ub."fundoid"
 WHERE u."umbralid" = a."umbralid";--> statement-breakpoint
UPDATE "sense"."episodio" e SET "empresaid" = f."empresaid"
  FROM "sense"."umbral" u JOIN "sense"."ubicacion" ub ON ub."ubicacionid" = u."ubicacionid" JOIN "sense"."fundo" f ON f."fundoid" = ub."fundoid"
 WHERE u."umbralid" = e."umbralid";--> statement-breakpoint
-- A no-data episode has no threshold: the company of its node's active placement (the lowest, should
-- a node stand in two), else of any placement it had.
UPDATE "sense"."episodio" e SET "empresaid" = (
  SELECT f."empresaid" FROM "sense"."localizacion" l JOIN "sense"."ubicacion" ub ON ub."ubicacionid" = l."ubicacionid" JOIN "sense"."fundo" f ON f."fundoid" = ub."fundoid"
   WHERE l."nodoid" = e."nodoid" ORDER BY (l."statusid" = 1) DESC, f."empresaid" LIMIT 1)
 WHERE e."umbralid" IS NULL;--> statement-breakpoint
UPDATE "sense"."mensaje" m SET "empresaid" = coalesce(
  (SELECT a."empresaid" FROM "sense"."alerta" a WHERE a."alertaid" = m."alertaid"),
  (SELECT e."empresaid" FROM "sense"."episodio" e WHERE e."episodioid" = m."episodioid"));--> statement-breakpoint
CREATE FUNCTION "sense"."empresa_de_alarma"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'mensaje' THEN
    NEW.empresaid := coalesce(
      (SELECT a.empresaid FROM sense.alerta a WHERE a.alertaid = NEW.alertaid),
      (SELECT e.empresaid FROM sense.episodio e WHERE e.episodioid = NEW.episodioid));
  ELSIF NEW.umbralid IS NOT NULL THEN
    NEW.empresaid := (SELECT f.empresaid FROM sense.umbral u JOIN sense.ubicacion ub ON ub.ubicacionid = u.ubicacionid
                        JOIN sense.fundo f ON f.fundoid = ub.fundoid WHERE u.umbralid = NEW.umbralid);
  ELSE
    NEW.empresaid := (SELECT f.empresaid FROM sense.localizacion l JOIN sense.ubicacion ub ON ub.ubicacionid = l.ubicacionid
                        JOIN sense.fundo f ON f.fundoid = ub.fundoid
                       WHERE l.nodoid = NEW.nodoid ORDER BY (l.statusid = 1) DESC, f.empresaid LIMIT 1);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "alerta_empresa" BEFORE INSERT ON "sense"."alerta" FOR EACH ROW WHEN (NEW."empresaid" IS NULL) EXECUTE FUNCTION "sense"."empresa_de_alarma"();--> statement-breakpoint
CREATE TRIGGER "episodio_empresa" BEFORE INSERT ON "sense"."episodio" FOR EACH ROW WHEN (NEW."empresaid" IS NULL) EXECUTE FUNCTION "sense"."empresa_de_alarma"();--> statement-breakpoint
CREATE TRIGGER "mensaje_empresa" BEFORE INSERT ON "sense"."mensaje" FOR EACH ROW WHEN (NEW."empresaid" IS NULL) EXECUTE FUNCTION "sense"."empresa_de_alarma"();--> statement-breakpoint
CREATE INDEX "alerta_empresaid_fecha_alertaid_idx" ON "sense"."alerta" USING btree ("empresaid","fecha" DESC NULLS FIRST,"alertaid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "episodio_empresaid_fechainicio_idx" ON "sense"."episodio" USING btree ("empresaid","fechainicio" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mensaje_empresaid_fecha_mensajeid_idx" ON "sense"."mensaje" USING btree ("empresaid","fecha" DESC NULLS FIRST,"mensajeid" DESC NULLS FIRST);--> statement-breakpoint
-- The role a non-admin user's requests run under (SET ROLE from the API's own connection): it
-- cannot log in and does not bypass row-level security, so the policies below are the first line
-- and the application's grant conditions the second (docs/tenancy.md). Roles belong to the whole
-- server: created once, whichever database migrates first (a concurrent one may win the race).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'camposense_tenant') THEN
    CREATE ROLE "camposense_tenant" NOLOGIN NOINHERIT NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
-- The connecting user must be a member to SET ROLE to it (a superuser already may).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'camposense_tenant', 'MEMBER') THEN
    EXECUTE format('GRANT "camposense_tenant" TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
-- What a user's request reads and writes: every table of the schema, rows filtered by the policies
-- (company tables) or not at all (catalogues, people, sessions: the API's checks hold those).
GRANT USAGE ON SCHEMA "sense" TO "camposense_tenant";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "sense" TO "camposense_tenant";--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA "sense" TO "camposense_tenant";--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "sense" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "camposense_tenant";--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "sense" GRANT USAGE, SELECT ON SEQUENCES TO "camposense_tenant";--> statement-breakpoint
-- Each company table shows the tenant only the rows of the companies in `camposense.empresas`
-- (an int[] the API sets per request; unset or empty shows nothing), or of the locations in
-- `camposense.ubicaciones` (the locations of those companies, derived when the setting is made),
-- each written as `(select …)` so it is an InitPlan evaluated once per query, not per row.
-- Writes are not narrowed here (the API's level checks decide them), but an update or delete
-- only reaches rows its select policy shows.
ALTER TABLE "sense"."pais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pais_concedida" ON "sense"."pais" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("paisid" IN (SELECT e."paisid" FROM "sense"."empresa" e WHERE e."empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "pais_alta" ON "sense"."pais" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "pais_cambio" ON "sense"."pais" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "pais_baja" ON "sense"."pais" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."empresa" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "empresa_concedida" ON "sense"."empresa" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "empresa_alta" ON "sense"."empresa" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "empresa_cambio" ON "sense"."empresa" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "empresa_baja" ON "sense"."empresa" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."fundo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "fundo_concedida" ON "sense"."fundo" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "fundo_alta" ON "sense"."fundo" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "fundo_cambio" ON "sense"."fundo" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "fundo_baja" ON "sense"."fundo" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."ubicacion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- A location by its farm's company, not by `camposense.ubicaciones`: that list is made when the
-- request starts, so a location the request itself creates (a manager's new ubicacion, its
-- RETURNING) would not be in it.
CREATE POLICY "ubicacion_concedida" ON "sense"."ubicacion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("fundoid" IN (SELECT f."fundoid" FROM "sense"."fundo" f WHERE f."empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "ubicacion_alta" ON "sense"."ubicacion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "ubicacion_cambio" ON "sense"."ubicacion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "ubicacion_baja" ON "sense"."ubicacion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."localizacion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "localizacion_concedida" ON "sense"."localizacion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "localizacion_alta" ON "sense"."localizacion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "localizacion_cambio" ON "sense"."localizacion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "localizacion_baja" ON "sense"."localizacion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."umbral" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "umbral_concedida" ON "sense"."umbral" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "umbral_alta" ON "sense"."umbral" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "umbral_cambio" ON "sense"."umbral" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "umbral_baja" ON "sense"."umbral" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."medicion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "medicion_concedida" ON "sense"."medicion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "medicion_alta" ON "sense"."medicion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicion_cambio" ON "sense"."medicion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicion_baja" ON "sense"."medicion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."medicionhora" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "medicionhora_concedida" ON "sense"."medicionhora" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "medicionhora_alta" ON "sense"."medicionhora" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicionhora_cambio" ON "sense"."medicionhora" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicionhora_baja" ON "sense"."medicionhora" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."ultimamedicion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ultimamedicion_concedida" ON "sense"."ultimamedicion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "ultimamedicion_alta" ON "sense"."ultimamedicion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "ultimamedicion_cambio" ON "sense"."ultimamedicion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "ultimamedicion_baja" ON "sense"."ultimamedicion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."nodo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "nodo_concedida" ON "sense"."nodo" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("nodoid" IN (SELECT l."nodoid" FROM "sense"."localizacion" l WHERE l."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "nodo_alta" ON "sense"."nodo" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "nodo_cambio" ON "sense"."nodo" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "nodo_baja" ON "sense"."nodo" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."sensor" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sensor_concedida" ON "sense"."sensor" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("nodoid" IN (SELECT l."nodoid" FROM "sense"."localizacion" l WHERE l."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "sensor_alta" ON "sense"."sensor" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "sensor_cambio" ON "sense"."sensor" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "sensor_baja" ON "sense"."sensor" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."metricasensor" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "metricasensor_concedida" ON "sense"."metricasensor" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("nodoid" IN (SELECT l."nodoid" FROM "sense"."localizacion" l WHERE l."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "metricasensor_alta" ON "sense"."metricasensor" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "metricasensor_cambio" ON "sense"."metricasensor" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "metricasensor_baja" ON "sense"."metricasensor" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."estadodispositivo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "estadodispositivo_concedida" ON "sense"."estadodispositivo" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("nodoid" IN (SELECT l."nodoid" FROM "sense"."localizacion" l WHERE l."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "estadodispositivo_alta" ON "sense"."estadodispositivo" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "estadodispositivo_cambio" ON "sense"."estadodispositivo" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "estadodispositivo_baja" ON "sense"."estadodispositivo" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."recepcion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "recepcion_concedida" ON "sense"."recepcion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("nodoid" IN (SELECT l."nodoid" FROM "sense"."localizacion" l WHERE l."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "recepcion_alta" ON "sense"."recepcion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "recepcion_cambio" ON "sense"."recepcion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "recepcion_baja" ON "sense"."recepcion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."perfilumbral" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "perfilumbral_concedida" ON "sense"."perfilumbral" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("umbralid" IN (SELECT u."umbralid" FROM "sense"."umbral" u WHERE u."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "perfilumbral_alta" ON "sense"."perfilumbral" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "perfilumbral_cambio" ON "sense"."perfilumbral" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "perfilumbral_baja" ON "sense"."perfilumbral" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."audit_log_umbral" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "audit_log_umbral_concedida" ON "sense"."audit_log_umbral" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("umbralid" IN (SELECT u."umbralid" FROM "sense"."umbral" u WHERE u."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "audit_log_umbral_alta" ON "sense"."audit_log_umbral" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "audit_log_umbral_cambio" ON "sense"."audit_log_umbral" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "audit_log_umbral_baja" ON "sense"."audit_log_umbral" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."alerta" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "alerta_concedida" ON "sense"."alerta" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "alerta_alta" ON "sense"."alerta" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "alerta_cambio" ON "sense"."alerta" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "alerta_baja" ON "sense"."alerta" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."episodio" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "episodio_concedida" ON "sense"."episodio" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "episodio_alta" ON "sense"."episodio" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "episodio_cambio" ON "sense"."episodio" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "episodio_baja" ON "sense"."episodio" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."mensaje" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "mensaje_concedida" ON "sense"."mensaje" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "mensaje_alta" ON "sense"."mensaje" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "mensaje_cambio" ON "sense"."mensaje" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "mensaje_baja" ON "sense"."mensaje" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);
