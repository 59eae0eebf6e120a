import { isDatabaseEngine, type DatabaseServiceEngine } from '@nuage/shared/database-engines';

/** What a database row (category DATABASE) keeps in its settings: none of it secret. */
export interface DatabaseSettings {
  engine: DatabaseServiceEngine;
  version: string;
  /** The internal host name, fixed at creation: the service name on the environment's network. */
  host: string;
  /** Bumped by each regeneration of its password. */
  passwordRevision: number;
  /** Bumped by each restart: a new literal in its environment recreates its container or pod. */
  restartRevision: number;
  /** Stopped by its user: nothing runs, its data and objects stay. */
  stopped: boolean;
  /**
   * Its public endpoint (issue 25 item 2), null while internal only: the port taken from
   * DATABASE_PUBLIC_PORTS (unique: deployments_public_port_key) and the normalised allow-list.
   */
  publicAccess?: PublicAccessSettings | null;
  /** The SHA-256 fingerprint of its TLS CA (public), once its TLS material was made. */
  tlsCaFingerprint?: string | null;
}

export interface PublicAccessSettings {
  port: number;
  /** `address/prefix`, IPv4 and IPv6, never empty (0.0.0.0/0 only when the user gave it). */
  sources: string[];
}

/** A database's TLS material (modules/databases/tls-certificate.ts), sealed with its passwords. */
export interface DatabaseTls {
  /** The server's private key (PKCS#8 PEM). */
  key: string;
  /** The server certificate (PEM). */
  cert: string;
  /** The CA that signed it (PEM): public, what clients verify the server with. */
  ca: string;
}

function publicAccessOf(raw: unknown): PublicAccessSettings | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as { port?: unknown; sources?: unknown };
  if (!Number.isInteger(p.port) || !Array.isArray(p.sources)) return null;
  return { port: p.port as number, sources: p.sources.map(String) };
}

export function databaseSettings(s: DatabaseSettings): Record<string, unknown> {
  return { ...s };
}

export function databaseSettingsOf(settings: Record<string, unknown>): DatabaseSettings {
  const engine = String(settings.engine ?? '');
  if (!isDatabaseEngine(engine)) throw new Error(`not a database's settings: ${engine}`);
  return {
    engine,
    version: String(settings.version ?? ''),
    host: String(settings.host ?? ''),
    passwordRevision: Number(settings.passwordRevision ?? 0),
    restartRevision: Number(settings.restartRevision ?? 0),
    stopped: settings.stopped === true,
    publicAccess: publicAccessOf(settings.publicAccess),
    tlsCaFingerprint:
      typeof settings.tlsCaFingerprint === 'string' ? settings.tlsCaFingerprint : null,
  };
}
