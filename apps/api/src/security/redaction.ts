import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../modules/auth/tokens';

/*
 * Readers see no one's e-mail or phone but their own (issue 28, item 5; docs/security.md,
 * "What a reader sees"). One rule for every answer, applied as it is serialised, so a new route or
 * a new embedded user cannot forget it; the per-table rules in reader-view.ts (which also refuse
 * filters and sorts by those columns) stay, and this is the net under them.
 *
 * For a signed-in caller whose role is not `admin`, in every JSON answer, at any depth:
 * - a field named like an e-mail (`login`, `correo`, `email`) or a phone (`celular`, `telefono`,
 *   `phone`) holding a string becomes null, unless it is the caller's: the object's `usuarioid` is
 *   the caller's id, or (e-mail fields) the value is the caller's own e-mail;
 * - any other string has every e-mail address in it that is not the caller's replaced by
 *   REDACTED_EMAIL (free text: a message, a note, a name that fell back to a login).
 * Admins, and answers to callers without a token (sign-in answers only the account signing in),
 * are sent as they are. Answers sent already serialised are not walked by the hook: JSON text the
 * database wrote (readings, series, the node list) goes through `redactJsonText`, and streams (heavy
 * readings, CSV) hold no people or redact them themselves (reader-view.ts).
 */

/** What stands in free text where another person's e-mail address was. */
export const REDACTED_EMAIL = '•••';

const EMAIL_FIELDS: ReadonlySet<string> = new Set(['login', 'correo', 'email']);
const PHONE_FIELDS: ReadonlySet<string> = new Set(['celular', 'telefono', 'phone']);
const OWNER_FIELD = 'usuarioid';

/** An e-mail address inside any text (a pragmatic match: something@domain.tld, no spaces or quotes). */
const EMAIL_IN_TEXT = /[^\s@"'<>(),;:[\]]+@[^\s@"'<>(),;:[\]]+\.[^\s@"'<>(),;:[\]]+/g;

interface Viewer {
  id: number;
  email: string;
}

function redactText(text: string, viewer: Viewer): string {
  if (!text.includes('@')) return text;
  return text.replace(EMAIL_IN_TEXT, (address) => (address.toLowerCase() === viewer.email ? address : REDACTED_EMAIL));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value` as `viewer` may see it. Copy on write: what has nothing to hide comes back as the same
 * object, and nothing given is changed (answers may be shared with other callers by the read cache).
 */
function redactValue(value: unknown, viewer: Viewer): unknown {
  if (typeof value === 'string') return redactText(value, viewer);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const redacted = redactValue(item, viewer);
      if (redacted !== item) {
        copy ??= value.slice();
        copy[index] = redacted;
      }
    }
    return copy ?? value;
  }
  // Dates, buffers and the like serialise themselves and hold no people.
  if (!isPlainObject(value)) return value;
  const owned = value[OWNER_FIELD] === viewer.id;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    let redacted: unknown;
    if (typeof field === 'string' && EMAIL_FIELDS.has(key)) redacted = owned || field.toLowerCase() === viewer.email ? field : null;
    else if (typeof field === 'string' && PHONE_FIELDS.has(key)) redacted = owned ? field : null;
    else redacted = redactValue(field, viewer);
    if (redacted !== field) {
      copy ??= { ...value };
      copy[key] = redacted;
    }
  }
  return copy ?? value;
}

/** `payload` as `caller` may see it: unchanged for admins and callers without a token. */
export function redactForCaller<T>(payload: T, caller: AccessClaims | null): T {
  if (!caller || caller.rol === 'admin') return payload;
  return redactValue(payload, { id: caller.id, email: caller.email.toLowerCase() }) as T;
}

/**
 * JSON text the database wrote, as `caller` may see it: the same rule, for answers the hook never
 * sees. A node's or a place's name is free text an admin may have put an address in; the text is
 * parsed and redacted only when it holds an '@' for a reader, so the usual answer is sent untouched.
 */
export function redactJsonText(json: string, caller: AccessClaims | null): string {
  if (!caller || caller.rol === 'admin' || !json.includes('@')) return json;
  const parsed: unknown = JSON.parse(json);
  const seen = redactForCaller(parsed, caller);
  return seen === parsed ? json : JSON.stringify(seen);
}

/** The rule on every route of `app`: a preSerialization hook, before the answer is written. */
export function registerRedaction(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => redactForCaller(payload, request.user));
}
