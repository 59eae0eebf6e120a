import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** Every JSON answer: nothing may load, frame or be sniffed from it. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The web app and the landing page: scripts only from this origin (plus the inline theme script,
 * allowed by its hash), no plugins, no framing. Styles allow inline: the toast library and a few
 * progress bars set styles at run time, a much smaller risk than scripts.
 */
export function spaCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** sha256 sources of the inline <script> elements of the built HTML documents. */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  const hashes = new Set<string>();
  for (const file of ['index.html', 'landing.html']) {
    const full = webDistDir ? path.join(webDistDir, file) : '';
    if (!full || !existsSync(full)) continue;
    const html = readFileSync(full, 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (match[1]!.trim())
        hashes.add(`sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
    }
  }
  return [...hashes];
}

/**
 * Security headers on every answer (API, web app, landing page): a Content-Security-Policy
 * unless the route set its own (the OpenAPI page), no framing, no MIME sniffing, no Referer
 * (the reset link carries its token in the query string), and HSTS when served over HTTPS.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { config: Pick<Config, 'publicUrl'>; webDistDir: string | undefined },
) {
  const htmlCsp = spaCsp(inlineScriptHashes(opts.webDistDir));
  const https = opts.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    // By path, not content type: a file sent from disk gets its type after this hook.
    const api = request.url === '/api' || request.url.startsWith('/api/');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', api ? API_CSP : htmlCsp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000');
    // Answers about an account or a project must not stay in a shared cache or the disk cache.
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
