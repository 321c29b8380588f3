DROP INDEX "sense"."alerta_fecha_alertaid_idx";--> statement-breakpoint
DROP INDEX "sense"."medicion_fecha_idx";--> statement-breakpoint
DROP INDEX "sense"."mensaje_fecha_mensajeid_idx";--> statement-breakpoint
CREATE INDEX "alerta_fecha_alertaid_idx" ON "sense"."alerta" USING btree ("fecha" DESC NULLS FIRST,"alertaid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "medicion_fecha_idx" ON "sense"."medicion" USING btree ("fecha" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mensaje_fecha_mensajeid_idx" ON "sense"."mensaje" USING btree ("fecha" DESC NULLS FIRST,"mensajeid" DESC NULLS FIRST);