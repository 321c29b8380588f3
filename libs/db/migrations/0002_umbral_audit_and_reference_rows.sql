-- Custom migration: what drizzle's schema files cannot say. Every statement is written so that
-- running it twice changes nothing (CREATE OR REPLACE, DROP ... IF EXISTS, ON CONFLICT DO NOTHING).

-- The labels of the status values every statusid means (data-model.md, `status`).
INSERT INTO "sense"."status" ("statusid", "status", "statusabrev") VALUES
	(-1, 'PROCESADA', 'PROC'),
	(0, 'INACTIVO', 'INAC'),
	(1, 'ACTIVO', 'ACT')
ON CONFLICT ("statusid") DO NOTHING;
--> statement-breakpoint
-- The media a contact can use; `contacto_medio_check` below knows them by name.
INSERT INTO "sense"."medio" ("nombre") VALUES ('correo'), ('sms') ON CONFLICT ("nombre") DO NOTHING;
--> statement-breakpoint
-- Writes sense.audit_log_umbral for every insert, update and delete of sense.umbral.
-- Who changed it:
--   INSERT: NEW.usercreatedid; UPDATE: NEW.usermodifiedid (the API fills both from the signed-in
--   user); DELETE: a deleted row cannot say who deleted it, so the API runs, inside the
--   transaction of the delete, `select set_config('camposense.usuarioid', '<usuarioid>', true)`
--   (true = local to that transaction) and this function reads it. The setting is also the
--   fallback when an insert or update leaves the user columns empty; no setting gives NULL.
-- `umbralid` is copied, not referenced: the log outlives a deleted threshold.
CREATE OR REPLACE FUNCTION "sense"."audit_umbral"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	session_usuarioid integer := nullif(current_setting('camposense.usuarioid', true), '')::integer;
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "sense"."audit_log_umbral" ("umbralid", "accion", "valores_anteriores", "valores_nuevos", "usuarioid", "fecha")
		VALUES (NEW."umbralid", 'INSERT', NULL, to_jsonb(NEW), coalesce(NEW."usercreatedid", session_usuarioid), now());
		RETURN NEW;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "sense"."audit_log_umbral" ("umbralid", "accion", "valores_anteriores", "valores_nuevos", "usuarioid", "fecha")
		VALUES (NEW."umbralid", 'UPDATE', to_jsonb(OLD), to_jsonb(NEW), coalesce(NEW."usermodifiedid", session_usuarioid), now());
		RETURN NEW;
	ELSE
		INSERT INTO "sense"."audit_log_umbral" ("umbralid", "accion", "valores_anteriores", "valores_nuevos", "usuarioid", "fecha")
		VALUES (OLD."umbralid", 'DELETE', to_jsonb(OLD), NULL, session_usuarioid, now());
		RETURN OLD;
	END IF;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "umbral_audit" ON "sense"."umbral";
--> statement-breakpoint
CREATE TRIGGER "umbral_audit"
	AFTER INSERT OR UPDATE OR DELETE ON "sense"."umbral"
	FOR EACH ROW EXECUTE FUNCTION "sense"."audit_umbral"();
--> statement-breakpoint
-- A contact by sms needs a phone number, by e-mail an address. A check constraint cannot read
-- `medio`, so this trigger does, and fails the way a check does (SQLSTATE 23514, constraint
-- `contacto_medio_check`) so the API maps it like any other check.
CREATE OR REPLACE FUNCTION "sense"."check_contacto_medio"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	medio_nombre text;
BEGIN
	SELECT "nombre" INTO medio_nombre FROM "sense"."medio" WHERE "medioid" = NEW."medioid";
	IF medio_nombre = 'sms' AND NEW."celular" IS NULL THEN
		RAISE EXCEPTION 'Un contacto por sms necesita celular'
			USING ERRCODE = 'check_violation', CONSTRAINT = 'contacto_medio_check',
				SCHEMA = 'sense', TABLE = 'contacto', COLUMN = 'celular';
	ELSIF medio_nombre = 'correo' AND NEW."correo" IS NULL THEN
		RAISE EXCEPTION 'Un contacto por correo necesita una dirección de correo'
			USING ERRCODE = 'check_violation', CONSTRAINT = 'contacto_medio_check',
				SCHEMA = 'sense', TABLE = 'contacto', COLUMN = 'correo';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "contacto_medio_check" ON "sense"."contacto";
--> statement-breakpoint
CREATE TRIGGER "contacto_medio_check"
	BEFORE INSERT OR UPDATE ON "sense"."contacto"
	FOR EACH ROW EXECUTE FUNCTION "sense"."check_contacto_medio"();
