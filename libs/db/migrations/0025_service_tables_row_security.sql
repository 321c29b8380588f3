-- Issue 32's first line on the tables 0023 left to the application alone although their rows
-- belong to a company: the alert counts (per threshold), the notification ledger (per episode:
-- it holds each recipient's e-mail or phone) and the readings held back for a date ahead (per
-- location). Their select policies key on the same settings as 0023's; writes stay permissive
-- (the API's checks decide them). The ingest keys belong to no company and no tenant route reads
-- them (only an admin manages them, as the owner): row security with no policy hides them all.
ALTER TABLE "sense"."alerta_conteo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "alerta_conteo_concedida" ON "sense"."alerta_conteo" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("umbralid" IN (SELECT u."umbralid" FROM "sense"."umbral" u WHERE u."ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "alerta_conteo_alta" ON "sense"."alerta_conteo" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "alerta_conteo_cambio" ON "sense"."alerta_conteo" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "alerta_conteo_baja" ON "sense"."alerta_conteo" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."entrega" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "entrega_concedida" ON "sense"."entrega" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("episodioid" IN (SELECT e."episodioid" FROM "sense"."episodio" e WHERE e."empresaid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.empresas', true), ''), '{}')::int[])::int[])));--> statement-breakpoint
CREATE POLICY "entrega_alta" ON "sense"."entrega" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "entrega_cambio" ON "sense"."entrega" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "entrega_baja" ON "sense"."entrega" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."medicionadelantada" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "medicionadelantada_concedida" ON "sense"."medicionadelantada" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));--> statement-breakpoint
CREATE POLICY "medicionadelantada_alta" ON "sense"."medicionadelantada" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicionadelantada_cambio" ON "sense"."medicionadelantada" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "medicionadelantada_baja" ON "sense"."medicionadelantada" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);--> statement-breakpoint
ALTER TABLE "sense"."claveingesta" ENABLE ROW LEVEL SECURITY;
