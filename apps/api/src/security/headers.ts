import type { FastifyInstance } from 'fastify';
import { OPENSTREETMAP_TILE_ORIGIN } from '../config';

/**
 * The console is built without inline scripts, so scripts come only from our origin. Styles
 * allow 'unsafe-inline' because Emotion (Chakra) injects <style> tags at run time; inline style
 * cannot run code. Images and fonts may be data: URLs (bundled icons and font subsets). The map
 * (issue 33) loads its style and tiles from `mapOrigins` alone (OpenStreetMap's by default), and
 * MapLibre decodes tiles into blob: images.
 */
export function contentSecurityPolicy(mapOrigins: readonly string[] = [OPENSTREETMAP_TILE_ORIGIN]): string {
  const map = mapOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${map}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${map}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy with the map's default origins (what a configuration without MAP_STYLE_URL sends). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Headers every answer carries, whatever route (or error, or 404) produced it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** A year, as browsers recommend for HSTS; only sent over https, where it means something. */
const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance, policy: string = CONTENT_SECURITY_POLICY): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // A route that needs another policy (none does today) sets its own; the default is strict.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Answers of /api/auth carry tokens: no cache (browser, proxy) may keep them.
    if (request.url.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
