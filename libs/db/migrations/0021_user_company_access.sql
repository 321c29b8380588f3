CREATE TABLE "sense"."usuarioempresa" (
	"usuarioid" integer NOT NULL,
	"empresaid" integer NOT NULL,
	"nivel" text NOT NULL,
	"statusid" integer DEFAULT 1 NOT NULL,
	"usercreatedid" integer,
	"datecreated" timestamp with time zone DEFAULT now(),
	"usermodifiedid" integer,
	"datemodified" timestamp with time zone DEFAULT now(),
	CONSTRAINT "usuarioempresa_pkey" PRIMARY KEY("usuarioid","empresaid"),
	CONSTRAINT "usuarioempresa_nivel_check" CHECK ("sense"."usuarioempresa"."nivel" in ('lectura', 'operacion', 'gestion')),
	CONSTRAINT "usuarioempresa_statusid_check" CHECK ("sense"."usuarioempresa"."statusid" in (-1, 0, 1))
);
--> statement-breakpoint
ALTER TABLE "sense"."usuarioempresa" ADD CONSTRAINT "usuarioempresa_usuarioid_usuario_usuarioid_fk" FOREIGN KEY ("usuarioid") REFERENCES "sense"."usuario"("usuarioid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense"."usuarioempresa" ADD CONSTRAINT "usuarioempresa_empresaid_empresa_empresaid_fk" FOREIGN KEY ("empresaid") REFERENCES "sense"."empresa"("empresaid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuarioempresa_empresaid_idx" ON "sense"."usuarioempresa" USING btree ("empresaid");--> statement-breakpoint
-- Until now every signed-in user read every company: who exists keeps reading them all (an admin
-- narrows it). A user created from now on sees nothing until granted.
INSERT INTO "sense"."usuarioempresa" ("usuarioid", "empresaid", "nivel")
SELECT u."usuarioid", e."empresaid", 'lectura' FROM "sense"."usuario" u CROSS JOIN "sense"."empresa" e WHERE u."rol" <> 'admin';
