-- Issue 31: a chart from the hourly table read its index and then the heap, a page per hour (a
-- node's metric over 30 days: 2,160 hours in 1,692 heap pages, 3.5-6 ms warm; a location's: 5,040
-- hours in 3,005 pages, 45 ms), because the figures were not in either index. With them in INCLUDE
-- both read the index alone (27 and 51 pages: 0.7-1.0 ms and 1.4 ms). The price: every ingest
-- batch updates its current hours' figures, which are now indexed, so those updates are no longer
-- HOT and add an entry to both indexes (measured with the ingest's statement, load-db.md).
-- Same names and key columns: ON CONFLICT still infers the primary key. The rebuild holds an ACCESS
-- EXCLUSIVE lock on medicionhora (so ingest waits) for as long as both indexes take to build: about
-- a second for the demo farm's 262 k hours.
ALTER TABLE "sense"."medicionhora" DROP CONSTRAINT "medicionhora_pkey";--> statement-breakpoint
ALTER TABLE "sense"."medicionhora" ADD CONSTRAINT "medicionhora_pkey" PRIMARY KEY ("nodoid","metricaid","hora","tipoid","ubicacionid") INCLUDE ("minimo","maximo","suma","cantidad","ultima");--> statement-breakpoint
DROP INDEX IF EXISTS "sense"."medicionhora_ubicacionid_metricaid_hora_idx";--> statement-breakpoint
CREATE INDEX "medicionhora_ubicacionid_metricaid_hora_idx" ON "sense"."medicionhora" USING btree ("ubicacionid","metricaid","hora") INCLUDE ("nodoid","tipoid","minimo","maximo","suma","cantidad","ultima");
