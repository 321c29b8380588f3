CREATE TABLE "sense"."intentoacceso" (
	"clave" text PRIMARY KEY NOT NULL,
	"marcas" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo" bigint DEFAULT 0 NOT NULL,
	"bloqueadohasta" bigint DEFAULT 0 NOT NULL,
	"conocidohasta" bigint DEFAULT 0 NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "intentoacceso_vence_idx" ON "sense"."intentoacceso" USING btree ("vence");