-- Rules every write path must keep (row forms, bulk, CSV import, SQL by hand), so they live in the
-- database. Each fails the way a check does (SQLSTATE 23514) with its own constraint name, which
-- the API turns into a reason the form can show.
--
-- 1. A profile's boss chain (perfil.jefeid) never loops: a profile cannot be its own boss, directly
--    or up the chain (perfil_jefe_cycle; the direct case also breaks perfil_jefeid_check, which this
--    BEFORE trigger answers first, with the reason).
CREATE OR REPLACE FUNCTION "sense"."check_perfil_jefe_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."jefeid" IS NULL THEN
		RETURN NEW;
	END IF;
	-- One chain change at a time: two changes that each pass alone could close a loop together.
	PERFORM pg_advisory_xact_lock(hashtext('sense.perfil.jefeid'));
	IF EXISTS (
		WITH RECURSIVE chain("perfilid", "depth") AS (
			SELECT NEW."jefeid", 1
			UNION ALL
			SELECT p."jefeid", c."depth" + 1
			  FROM "sense"."perfil" p JOIN chain c ON p."perfilid" = c."perfilid"
			 WHERE p."jefeid" IS NOT NULL AND c."depth" < 10000
		)
		SELECT 1 FROM chain WHERE "perfilid" = NEW."perfilid"
	) THEN
		RAISE EXCEPTION 'Un perfil no puede estar en su propia cadena de jefes'
			USING ERRCODE = 'check_violation', CONSTRAINT = 'perfil_jefe_cycle',
				SCHEMA = 'sense', TABLE = 'perfil', COLUMN = 'jefeid';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "perfil_jefe_cycle" ON "sense"."perfil";
--> statement-breakpoint
CREATE TRIGGER "perfil_jefe_cycle"
	BEFORE INSERT OR UPDATE OF "jefeid" ON "sense"."perfil"
	FOR EACH ROW EXECUTE FUNCTION "sense"."check_perfil_jefe_chain"();
--> statement-breakpoint
-- 2. The console always keeps an active admin (usuario_last_admin), and the signed-in user (the
--    API sets camposense.usuarioid in every write's transaction) cannot deactivate or delete their
--    own account (usuario_self_deactivate): either would lock the farm out of its own settings.
CREATE OR REPLACE FUNCTION "sense"."protect_usuario_admins"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('camposense.usuarioid', true), '');
BEGIN
	IF actor IS NOT NULL AND actor = OLD."usuarioid"::text
		AND (TG_OP = 'DELETE' OR (NEW."statusid" <> 1 AND OLD."statusid" = 1)) THEN
		RAISE EXCEPTION 'Nadie puede desactivar ni borrar su propia cuenta'
			USING ERRCODE = 'check_violation', CONSTRAINT = 'usuario_self_deactivate',
				SCHEMA = 'sense', TABLE = 'usuario', COLUMN = 'statusid';
	END IF;
	IF OLD."rol" = 'admin' AND OLD."statusid" = 1
		AND (TG_OP = 'DELETE' OR NEW."rol" <> 'admin' OR NEW."statusid" <> 1) THEN
		-- One admin change at a time: two admins demoting each other at once would each see the other.
		PERFORM pg_advisory_xact_lock(hashtext('sense.usuario.admins'));
		IF NOT EXISTS (
			SELECT 1 FROM "sense"."usuario"
			 WHERE "rol" = 'admin' AND "statusid" = 1 AND "usuarioid" <> OLD."usuarioid"
		) THEN
			RAISE EXCEPTION 'La consola necesita al menos un administrador activo'
				USING ERRCODE = 'check_violation', CONSTRAINT = 'usuario_last_admin',
					SCHEMA = 'sense', TABLE = 'usuario', COLUMN = 'rol';
		END IF;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "usuario_admins" ON "sense"."usuario";
--> statement-breakpoint
CREATE TRIGGER "usuario_admins"
	BEFORE UPDATE OF "rol", "statusid" OR DELETE ON "sense"."usuario"
	FOR EACH ROW EXECUTE FUNCTION "sense"."protect_usuario_admins"();
