import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ImageBuilder } from './engine/builds/builder';
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
  /** Code builds: the runtime's image builder (null: this server builds no code) and the queue. */
  builds: BuildPipeline;
  /** Previews of pull requests: a webhook changed one, report or delete it now. */
  previews: { wake(): void };
  /** Custom domains' DNS lookups (a fake resolver in tests). */
  dns: DnsChecker;
  log: FastifyBaseLogger;
}

export interface BuildPipeline {
  builder: ImageBuilder | null;
  /** A build was queued: look for work now. */
  wake(): void;
  /** A cancel: stops the build at once when this process runs it. */
  cancelLocal(buildId: string): void;
}
