ALTER TABLE "sense"."usuarioempresa" DROP CONSTRAINT "usuarioempresa_usuarioid_usuario_usuarioid_fk";
--> statement-breakpoint
ALTER TABLE "sense"."usuarioempresa" DROP CONSTRAINT "usuarioempresa_empresaid_empresa_empresaid_fk";
--> statement-breakpoint
ALTER TABLE "sense"."usuarioempresa" ADD CONSTRAINT "usuarioempresa_usuarioid_usuario_usuarioid_fk" FOREIGN KEY ("usuarioid") REFERENCES "sense"."usuario"("usuarioid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense"."usuarioempresa" ADD CONSTRAINT "usuarioempresa_empresaid_empresa_empresaid_fk" FOREIGN KEY ("empresaid") REFERENCES "sense"."empresa"("empresaid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 32 now enforces the grants, and acknowledging needs level operacion. Before it every
-- signed-in user could acknowledge any alert: the grants migration 0021 (or the demo seed) gave
-- without anyone choosing them (no usercreatedid) become operacion, so nobody loses what they could
-- do. A grant an admin gave through the API names its creator and keeps its level.
UPDATE "sense"."usuarioempresa" SET "nivel" = 'operacion' WHERE "nivel" = 'lectura' AND "usercreatedid" IS NULL;
