DROP INDEX "sense"."alerta_fecha_idx";--> statement-breakpoint
DROP INDEX "sense"."mensaje_fecha_idx";--> statement-breakpoint
CREATE INDEX "alerta_fecha_alertaid_idx" ON "sense"."alerta" USING btree ("fecha" DESC NULLS LAST,"alertaid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mensaje_fecha_mensajeid_idx" ON "sense"."mensaje" USING btree ("fecha" DESC NULLS LAST,"mensajeid" DESC NULLS LAST);