-- Issue 31: a tenant's chart read the readings' heap for every row. The row-security policy of
-- sense.medicion (0023) filters on ubicacionid, which the node's chart index (medicion_lectura_key,
-- INCLUDE (medicion) since 0008) did not hold, so a week of one node's metric fetched ~700 scattered
-- heap pages instead of a few index pages (bitmap heap scan, 2-7 ms; index only, 0.5-0.9 ms). The
-- location's index lacked nodoid and tipoid, which the chart's count of active probes reads.
-- Same names and key columns (the reading key still decides ON CONFLICT); only INCLUDE grows.
-- On a partitioned table (partitions.ts) the same statements rebuild every partition's index.
DROP INDEX IF EXISTS "sense"."medicion_lectura_key";--> statement-breakpoint
CREATE UNIQUE INDEX "medicion_lectura_key" ON "sense"."medicion" USING btree ("nodoid","metricaid","fecha","tipoid") INCLUDE ("medicion","ubicacionid");--> statement-breakpoint
DROP INDEX IF EXISTS "sense"."medicion_ubicacionid_metricaid_fecha_idx";--> statement-breakpoint
CREATE INDEX "medicion_ubicacionid_metricaid_fecha_idx" ON "sense"."medicion" USING btree ("ubicacionid","metricaid","fecha") INCLUDE ("medicion","nodoid","tipoid");
