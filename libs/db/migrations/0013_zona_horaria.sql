ALTER TABLE "sense"."fundo" ADD COLUMN "zonahoraria" text;--> statement-breakpoint
ALTER TABLE "sense"."pais" ADD COLUMN "zonahoraria" text DEFAULT 'America/Lima' NOT NULL;--> statement-breakpoint
ALTER TABLE "sense"."fundo" ADD CONSTRAINT "fundo_zonahoraria_check" CHECK ("sense"."fundo"."zonahoraria" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$');--> statement-breakpoint
ALTER TABLE "sense"."pais" ADD CONSTRAINT "pais_zonahoraria_check" CHECK ("sense"."pais"."zonahoraria" ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$');--> statement-breakpoint
-- Existing countries get their own zone by their two-letter code (issue 16); any other keeps the
-- column's default until an admin sets it in the parameters area.
UPDATE "sense"."pais" SET "zonahoraria" = CASE upper("paisabrev")
	WHEN 'PE' THEN 'America/Lima'
	WHEN 'CL' THEN 'America/Santiago'
	WHEN 'AR' THEN 'America/Argentina/Buenos_Aires'
	WHEN 'BO' THEN 'America/La_Paz'
	WHEN 'BR' THEN 'America/Sao_Paulo'
	WHEN 'CO' THEN 'America/Bogota'
	WHEN 'EC' THEN 'America/Guayaquil'
	WHEN 'MX' THEN 'America/Mexico_City'
	WHEN 'PY' THEN 'America/Asuncion'
	WHEN 'UY' THEN 'America/Montevideo'
	WHEN 'ES' THEN 'Europe/Madrid'
	WHEN 'US' THEN 'America/New_York'
	ELSE "zonahoraria"
END;
