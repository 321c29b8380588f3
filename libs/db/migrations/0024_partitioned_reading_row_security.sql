-- Issue 32: converting sense.medicion into the partitioned table (partitions.ts, run at start on
-- PostgreSQL after the migrations) made a new table without the row-level security and policies
-- migration 0023 had given the plain one, so every database partitioned after 0023 showed every
-- company's readings to a tenant. This gives such a table its policies back, as 0023 wrote them,
-- and enables row-level security with no policy on each partition, so a tenant that names a
-- partition reads nothing. A database whose table is not partitioned (PGlite, or PostgreSQL before
-- its first start) is left as 0023 made it; partitions.ts now carries the policies across itself.
DO $$
DECLARE
  partition regclass;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = 'sense.medicion'::regclass) THEN
    RETURN;
  END IF;
  ALTER TABLE "sense"."medicion" ENABLE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'sense' AND tablename = 'medicion') THEN
    CREATE POLICY "medicion_concedida" ON "sense"."medicion" AS PERMISSIVE FOR SELECT TO "camposense_tenant" USING ("ubicacionid" = ANY ((SELECT coalesce(nullif(current_setting('camposense.ubicaciones', true), ''), '{}')::int[])::int[]));
    CREATE POLICY "medicion_alta" ON "sense"."medicion" AS PERMISSIVE FOR INSERT TO "camposense_tenant" WITH CHECK (true);
    CREATE POLICY "medicion_cambio" ON "sense"."medicion" AS PERMISSIVE FOR UPDATE TO "camposense_tenant" USING (true) WITH CHECK (true);
    CREATE POLICY "medicion_baja" ON "sense"."medicion" AS PERMISSIVE FOR DELETE TO "camposense_tenant" USING (true);
  END IF;
  FOR partition IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'sense.medicion'::regclass LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', partition);
  END LOOP;
END $$;
