-- The dashboard's series reads one node's metric over up to a year: with the value in the index
-- the planner answers from the index alone instead of fetching ~100k scattered rows.
-- Same name and key columns as the schema declares (drizzle cannot express INCLUDE).
DROP INDEX IF EXISTS "sense"."medicion_nodoid_metricaid_fecha_idx";--> statement-breakpoint
CREATE INDEX "medicion_nodoid_metricaid_fecha_idx" ON "sense"."medicion" USING btree ("nodoid","metricaid","fecha") INCLUDE ("medicion");
