import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { pinnedRuntime } from './startup/runtime-pin';
import { engineFor } from './startup/select-runtime';
import { createImageBuilder } from './engine/builds/create-image-builder';
import { findKubeConnection } from './engine/drivers/kubernetes/kube-detect';
import { loggerOptions } from './http/logging';
import { BackupWorker } from './modules/backups/worker';
import { createCertificateWorker } from './modules/certificates/worker';
import { DomainClaimWorker } from './modules/dns/claim-worker';
import { PlatformAlerts } from './modules/platform/alerts/platform-alerts';
import { SiteOnlineMailWorker } from './modules/deployments/site-online-mail';
import { purgeExpiredAccountData } from './modules/sessions/maintenance';
import { loadSecrets } from './secrets';
import { SHUTDOWN_BOUND_MS, stopPlatform } from './shutdown';

const HOUR_MS = 60 * 60_000;

/** The built SPA sits at apps/web/dist, two levels above this file in both src/ and dist/. */
function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main() {
  // A signal during start-up ends the process at once: the embedded database server, if started,
  // is stopped by its exit hook (a fast shutdown that needs nothing more from this process).
  let shutdown = async (_signal: string): Promise<void> => process.exit(0);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const config = loadConfig();
  const webDistDir = config.webDistDir ?? defaultWebDist();
  const secrets = await loadSecrets(config);
  // The embedded database reports before the app (and its logger) exists.
  const startupLog = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const database = await openDatabase(config, startupLog.child({ component: 'database' }));
  // The runtime stored at first start; a different one refuses to start (startup/runtime-pin.ts).
  const runtime = await pinnedRuntime(config, database.db);
  // The same runtime builds code applications' images (engine/builds).
  const imageBuilder = await createImageBuilder(runtime, {
    builds: config.builds,
    kubeConnection: findKubeConnection(process.env),
    imageOverrides: config.imageOverrides,
  });
  const app = await buildApp({
    config: { ...config, webDistDir },
    database,
    secrets,
    engine: (log) => engineFor(runtime, { config, db: database.db, secrets, log }),
    imageBuilder,
  });

  // Orders and renews Let's Encrypt certificates, marks expired ones (modules/certificates).
  const certificateWorker = createCertificateWorker(app.ctx);

  // Scheduled backups and weekly test restores (modules/backups); restores a stop handed over.
  const backupWorker = new BackupWorker(app.ctx, { jobs: app.backupJobs });

  // Pending custom domains: proofs of control looked up, expired claims withdrawn (modules/dns).
  const domainClaimWorker = new DomainClaimWorker(app.ctx, config.domainClaims);

  // « Votre site est en ligne », once, after an application's first successful deploy.
  const siteOnlineMailWorker = new SiteOnlineMailWorker(app.ctx);
  app.engine.reconciler.onFirstRunning(() => siteOnlineMailWorker.wake());
  // The notification outbox: sent at least once, by one process at a time (modules/notifications).
  const deliveryWorker = app.deliveryWorker;
  // Scheduled tasks' slots, claimed by one process each (modules/tasks).
  const taskScheduler = app.tasks.scheduler;
  // The platform's own problems (guard down, runtime unreachable), mailed to OPERATOR_EMAILS.
  const platformAlerts = new PlatformAlerts({
    db: app.ctx.db,
    mailer: app.ctx.mailer,
    driver: app.engine.driver,
    operatorEmails: config.operatorEmails,
    log: app.log.child({ component: 'platform-alerts' }),
    checkMs: config.notificationTiming.operatorCheckMs,
  });
  // Every live application's address checked once a minute (modules/uptime).
  const uptimeWorker = app.uptimeWorker;
  // Every running application's usage sampled and rolled up (modules/metrics-history).
  const metricsWorker = app.metricsWorker;
  // The requests served at the edge, read once a minute (modules/traffic-metrics).
  const trafficWorker = app.trafficWorker;
  // Alert rules evaluated against the stored samples once a minute (modules/metric-alerts).
  const metricAlertWorker = app.metricAlertWorker;
  // Applications with automatic scaling on, one decision per period (modules/autoscaling).
  const autoscaleWorker = app.autoscaleWorker;
  // Image applications following their tag, read from their registries (modules/image-watch).
  const imageWatchWorker = app.imageWatchWorker;
  // Previews of pull requests: reports to the Git host, closed ones deleted (modules/previews).
  const previewWorker = app.previewWorker;

  const purge = () =>
    purgeExpiredAccountData(app.ctx).catch((err: unknown) =>
      app.log.warn({ err }, 'hourly purge failed'),
    );
  const maintenance = setInterval(purge, HOUR_MS);
  maintenance.unref();

  let closing = false;
  shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(maintenance);
    // The last resort: whatever hangs (a database that does not answer), the process ends.
    setTimeout(() => {
      app.log.error('shutdown took longer than its bound: exiting now');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS + 1000).unref();
    await stopPlatform({
      app,
      database,
      workers: [
        certificateWorker,
        backupWorker,
        domainClaimWorker,
        siteOnlineMailWorker,
        deliveryWorker,
        taskScheduler,
        platformAlerts,
        uptimeWorker,
        metricsWorker,
        trafficWorker,
        metricAlertWorker,
        autoscaleWorker,
        imageWatchWorker,
        previewWorker,
      ],
    });
    process.exit(0);
  };

  await app.listen({ port: config.port, host: config.host });
  app.engine.start();
  app.buildWorker?.start();
  certificateWorker.start();
  backupWorker.start();
  domainClaimWorker.start();
  siteOnlineMailWorker.start();
  deliveryWorker.start();
  taskScheduler.start();
  platformAlerts.start();
  uptimeWorker.start();
  metricsWorker.start();
  trafficWorker.start();
  metricAlertWorker.start();
  autoscaleWorker.start();
  imageWatchWorker.start();
  previewWorker.start();
  void purge();
  app.log.info(
    {
      database: config.databaseUrl
        ? 'DATABASE_URL'
        : `embedded (${path.join(config.dataDir, 'postgres')})`,
      dataDir: config.dataDir,
      mail: config.smtpUrl ? 'smtp' : path.join(config.dataDir, 'outbox'),
      web: existsSync(webDistDir) ? webDistDir : 'not built',
      runtime: app.engine.runtime,
      runtimeReason: runtime.reason,
    },
    `ready on ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Startup failed:', err);
  }
  process.exit(1);
});
