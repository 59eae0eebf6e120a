import type { DatabasePublicSettings } from './specs/database-public-endpoint';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { RuntimeDriver } from './driver';
import type { Engine } from './engine';
import type { RenderOptions } from './manifests/types';
import type { CrashLoopSettings } from './reconcile/crash-loop';
import { Reconciler } from './reconcile/reconciler';
import type { HostnamePolicy } from './routing/reserved-hosts';
import type { ApplicationUrl, CertificateLookup } from './specs/spec-for-deployment';

export interface EngineRuntime extends Engine {
  readonly reconciler: Reconciler;
  start(): void;
  /** Stops the reconciler (passes under way waited for until `deadline`, epoch ms) and the driver. */
  stop(deadline?: number): Promise<void>;
}

/** The engine of one API process: a driver and the reconciler that drives it. */
export function createEngine(opts: {
  db: Database;
  driver: RuntimeDriver;
  secretsKey: Buffer;
  dataDir: string;
  log: FastifyBaseLogger;
  renderOptions?: RenderOptions;
  certificates?: CertificateLookup;
  applicationUrl?: ApplicationUrl;
  hostnames?: HostnamePolicy;
  databasePublic?: DatabasePublicSettings;
  pollMs?: number;
  leaseMs?: number;
  passWaitMs?: number;
  crashLoop?: CrashLoopSettings;
  observeRunningMs?: number;
}): EngineRuntime {
  const reconciler = new Reconciler(opts);
  return {
    runtime: opts.driver.name,
    driver: opts.driver,
    specs: reconciler.specs,
    reconciler,
    wake: () => reconciler.wake(),
    start: () => {
      reconciler.start();
      // Never blocks serving: a failure is the driver's to report (problems()).
      opts.driver.start?.().catch((err: unknown) => {
        opts.log.error({ err }, 'runtime start failed');
      });
    },
    stop: async (deadline) => {
      await reconciler.stop(deadline);
      await opts.driver.close?.();
    },
  };
}
