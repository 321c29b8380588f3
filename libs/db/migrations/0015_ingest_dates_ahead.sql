CREATE TABLE "sense"."medicionadelantada" (
	"medicionid" bigint PRIMARY KEY NOT NULL,
	"nodoid" integer NOT NULL,
	"tipoid" integer NOT NULL,
	"metricaid" integer NOT NULL,
	"ubicacionid" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"medicion" double precision NOT NULL,
	"detectada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Data step (issue 27): readings earlier versions stored more than five minutes ahead of the clock
-- are listed for an operator (select * from sense.medicionadelantada), and the latest value of their
-- probes goes back to the newest reading at or before now (none: the row goes, the next reading
-- writes it), so "last reading" shows no date from the future and later readings update it again.
INSERT INTO "sense"."medicionadelantada" ("medicionid", "nodoid", "tipoid", "metricaid", "ubicacionid", "fecha", "medicion")
SELECT "medicionid", "nodoid", "tipoid", "metricaid", "ubicacionid", "fecha", "medicion"
  FROM "sense"."medicion" WHERE "fecha" > now() + interval '300 seconds';--> statement-breakpoint
UPDATE "sense"."ultimamedicion" u
   SET "medicionid" = p."medicionid", "fecha" = p."fecha", "medicion" = p."medicion", "ubicacionid" = p."ubicacionid"
  FROM "sense"."ultimamedicion" a
  CROSS JOIN LATERAL (
    SELECT m."medicionid", m."fecha", m."medicion", m."ubicacionid" FROM "sense"."medicion" m
     WHERE m."nodoid" = a."nodoid" AND m."metricaid" = a."metricaid" AND m."tipoid" = a."tipoid" AND m."fecha" <= now()
     ORDER BY m."fecha" DESC LIMIT 1) p
 WHERE a."fecha" > now() + interval '300 seconds'
   AND u."nodoid" = a."nodoid" AND u."tipoid" = a."tipoid" AND u."metricaid" = a."metricaid";--> statement-breakpoint
DELETE FROM "sense"."ultimamedicion" WHERE "fecha" > now() + interval '300 seconds';
