import type { FastifyServerOptions } from 'fastify';

/** SPEC §3's secret-like names, plus this API's own secret fields. */
export const SECRET_FIELD_NAMES = [
  'password',
  'token',
  'secret',
  'key',
  'auth',
  'credential',
  'odoo_password',
  'postgres_password',
  'wordpress_password',
  'mariadb_root_password',
  'mariadb_user_password',
  'git_token',
  'git_token_id',
  'admin_password',
  'mot_de_passe',
  'nouveau_mot_de_passe',
  'access_token',
  'authorization',
  'cookie',
  'code',
  'token_invitation',
  'contenu_cle_privee',
  'private_key',
] as const;

const MASK = '[masqué]';

/** Every secret-like field, at the top level and up to three objects deep. */
export const redactPaths = SECRET_FIELD_NAMES.flatMap((name) => [
  name,
  `*.${name}`,
  `*.*.${name}`,
  `*.*.*.${name}`,
]);

const SECRET_QUERY_PARAMS = new Set(['token', 'email', 'code', 'access_token']);

/**
 * Request URLs can carry secrets: reset links (?token=…&email=…) reach the SPA route, and
 * invitation tokens sit in the path. They are masked before any log line is written.
 */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const safePath = pathPart.replace(/(\/invitations\/)(?!pending\b|accept\b)[^/]+/g, `$1${MASK}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_QUERY_PARAMS.has(decodeURIComponent(name).toLowerCase())
        ? `${name}=${MASK}`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  id?: string;
}

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: MASK },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        id: req.id,
      }),
    },
  } as FastifyServerOptions['logger'];
}
