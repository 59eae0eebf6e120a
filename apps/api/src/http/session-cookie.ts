import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The browser's session: an HttpOnly cookie scripts cannot read (an injected script cannot
 * steal it), SameSite=Strict, and on HTTPS `Secure` with the `__Host-` prefix (no sibling
 * subdomain, such as a customer application's, can set or scope it).
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-nuage_session' : 'nuage_session';
}

function isHttps(config: Pick<Config, 'publicUrl'>) {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  token: string,
  expiresAt: Date,
) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.header('set-cookie', serialize(config, token, maxAge));
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>) {
  reply.header('set-cookie', serialize(config, '', 0));
}

function serialize(config: Pick<Config, 'publicUrl'>, value: string, maxAge: number) {
  const parts = [
    `${sessionCookieName(config)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAge}`,
  ];
  if (isHttps(config)) parts.push('Secure');
  return parts.join('; ');
}

/** The session cookie's value, if the request carries one. */
export function readSessionCookie(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const name = sessionCookieName(config);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
