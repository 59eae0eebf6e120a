import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Engine } from './engine/engine';
import type { SessionCache } from './http/session-cache';
import type { AccessTokens } from './lib/access-token';
import type { Mailer } from './mail/mailer';
import type { DnsChecker } from './modules/dns/check';
import type { ServerSecrets } from './secrets';

/** What services need from the outside world, built once in main.ts (or a test). */
export interface AppContext {
  config: Config;
  db: Database;
  secrets: ServerSecrets;
  tokens: AccessTokens;
  /** Authenticated users in memory; call `changed(userId)` after writing a user's row. */
  sessions: SessionCache;
  mailer: Mailer;
  engine: Engine;
  /** Custom domains' DNS lookups (a fake resolver in tests). */
  dns: DnsChecker;
  log: FastifyBaseLogger;
}
