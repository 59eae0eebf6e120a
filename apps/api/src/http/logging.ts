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
  'token_invitation',
  'contenu_cle_privee',
  'private_key',
  // The same secrets under the names the code gives them (service inputs, rows, config), so
  // logging a use case's input or a row by mistake still hides them.
  'motDePasse',
  'nouveauMotDePasse',
  'confirmPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'accessToken',
  'refreshToken',
  'tokenInvitation',
  'gitToken',
  // Code pipeline (issue 13): Git tokens, webhook secrets, secret environment variables.
  'token',
  'tokenSealed',
  'token_sealed',
  'secret',
  'webhookSecret',
  'webhookSecretSealed',
  'webhook_secret_sealed',
  'sealed',
  'envVars',
  'env_vars',
  'x-hub-signature-256',
  'x-gitlab-token',
  'x-gitea-signature',
  'codeHash',
  'code_hash',
  'tokenHash',
  'token_hash',
  'jwtSecret',
  'jwt_secret',
  'secretsKey',
  'secrets_key',
  'hashKey',
  'privateKey',
  'contenuClePrivee',
  // Certificates: private keys (clear or sealed), ACME account keys, the DNS-01 endpoint (its URL
  // may carry credentials).
  'privateKeyPem',
  'privateKeySealed',
  'private_key_sealed',
  'keyPem',
  'accountKey',
  'accountKeySealed',
  'account_key_sealed',
  'dns01',
  'apiKey',
  'api_key',
  // Connection URLs may carry credentials (smtp://user:pass@…, postgres://user:pass@…).
  'smtpUrl',
  'databaseUrl',
] as const;

const MASK = '[masqué]';
const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_FIELD_NAMES);
/** The top level and three objects (or arrays) below it, as far as the masking looks. */
const MASK_DEPTH = 4;

/**
 * A logged object with every secret-like field masked, at the top level and up to three objects
 * or arrays deep; the object itself when it holds none (nothing is copied then). Only plain
 * objects, arrays and errors are looked into: requests, replies and streams are logged through
 * serializers that keep harmless fields only. One walk over what is logged, instead of pino's
 * redaction, which tried every one of its ~300 paths on every field of every line (a quarter of
 * the CPU of a request at LOG_LEVEL=info, issue 32).
 */
export function maskSecrets<T>(value: T, depth = 0): T {
  if (depth >= MASK_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const masked = maskSecrets(item, depth + 1);
      if (masked !== item) (copy ??= [...value])[i] = masked;
    });
    return (copy ?? value) as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  const isError = value instanceof Error;
  if (proto !== Object.prototype && proto !== null && !isError) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    const masked =
      SECRET_NAMES.has(key) && field !== undefined ? MASK : maskSecrets(field, depth + 1);
    if (masked === field) continue;
    copy ??= isError ? errorFields(value as Error) : { ...(value as Record<string, unknown>) };
    copy[key] = masked;
  }
  return (copy ?? value) as T;
}

/** An error as a plain object (what pino's error serializer would keep), for a masked copy. */
function errorFields(err: Error): Record<string, unknown> {
  return { ...err, type: err.constructor.name, message: err.message, stack: err.stack };
}

const SECRET_QUERY_PARAMS = new Set(['token', 'email', 'code', 'access_token']);

/**
 * Request URLs can carry secrets: reset links (?token=…&email=…) reach the SPA route, and
 * invitation tokens and registry webhook tokens sit in the path. They are masked before any
 * log line is written.
 */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const safePath = pathPart
    .replace(/(\/invitations\/)(?!pending\b|accept\b)[^/]+/g, `$1${MASK}`)
    // A registry webhook's URL is its secret (modules/image-watch/hook.ts).
    .replace(/(\/webhooks\/image\/[^/]+\/)[^/]+/g, `$1${MASK}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      const decoded = safeDecode(name);
      // A name that cannot be decoded cannot be vetted either: its value is masked.
      return decoded === null || SECRET_QUERY_PARAMS.has(decoded.trim().toLowerCase())
        ? `${name}=${MASK}`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** A serializer must never throw: a malformed escape (`%ZZ`) would fail the whole request. */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
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
    formatters: { log: maskSecrets, bindings: maskSecrets },
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
