import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DnsChecker } from './modules/dns/check';
import { systemResolver, type DnsResolver } from './modules/dns/resolver';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import {
  BUILDS_CHANNEL,
  ENGINE_CHANNEL,
  listenForWakes,
  NOTIFICATIONS_CHANNEL,
} from './db/wake-channels';
import { authenticatePlugin } from './http/authenticate';
import { SessionCache } from './http/session-cache';
import { registerErrorHandling } from './http/error-handler';
import { loggerOptions } from './http/logging';
import { CompactRequestLog } from './http/access-log';
import { responseSerializerCompiler } from './http/response-serializer';
import { registerOpenApi } from './http/openapi';
import { registerSpa } from './http/spa';
import type { ImageBuilder } from './engine/builds/builder';
import type { EngineRuntime } from './engine/create-engine';
import { simulationEngine } from './startup/select-runtime';
import { AccessTokens } from './lib/access-token';
import { registerRequestScope } from './http/request-scope';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextInputGuard } from './http/text-input-guard';
import { auditRoutes } from './modules/audit/routes';
import { registerRouteAudit } from './modules/audit/route-audit';
import { registerTokenUseAudit } from './modules/audit/token-use';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { credentialLookups } from './modules/sessions/credential-lookups';
import { sessionRoutes } from './modules/sessions/routes';
import { apiTokenRoutes } from './modules/tokens/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { userRoutes } from './modules/users/routes';
import { environmentRoutes } from './modules/environments/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { projectRoutes } from './modules/projects/routes';
import { buildRoutes } from './modules/builds/routes';
import { codeRoutes } from './modules/builds/code-routes';
import { gitPushRoutes } from './modules/builds/git-push-routes';
import { gitTokenRoutes } from './modules/git-tokens/routes';
import { registryCredentialRoutes } from './modules/registry-credentials/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { inboxRoutes } from './modules/notifications/inbox-routes';
import { registerQuotaRefusalNotice } from './modules/notifications/quota-notices';
import {
  DeliveryWorker,
  type DeliveryWorkerOptions,
} from './modules/notifications/delivery-worker';
import { BuildWorker, type BuildWorkerOptions } from './modules/builds/worker';
import { publicStatusRoutes, registerStatusPageHtml } from './modules/uptime/public-routes';
import { uptimeRoutes } from './modules/uptime/routes';
import { UptimeWorker, type UptimeWorkerOptions } from './modules/uptime/worker';
import { ImageWatchWorker, type ImageWatchWorkerOptions } from './modules/image-watch/worker';
import { PreviewWorker } from './modules/previews/worker';
import { previewRoutes } from './modules/previews/routes';
import { imageWatchHookRoutes, imageWatchRoutes } from './modules/image-watch/routes';
import { MetricsWorker, type MetricsWorkerOptions } from './modules/metrics-history/worker';
import { TrafficWorker } from './modules/traffic-metrics/worker';
import { metricAlertRoutes } from './modules/metric-alerts/routes';
import { MetricAlertWorker } from './modules/metric-alerts/worker';
import { autoscalingRoutes } from './modules/autoscaling/routes';
import { AutoscaleWorker } from './modules/autoscaling/worker';
import { catalogRoutes } from './modules/catalog/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { databaseRoutes } from './modules/databases/routes';
import { deploymentRoutes } from './modules/deployments/routes';
import { envVarRoutes } from './modules/deployments/env-vars-routes';
import { sourceRoutes } from './modules/deployments/source-routes';
import { deploymentWebhookRoutes } from './modules/deployments/webhook-routes';
import { platformRoutes } from './modules/platform/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { BackgroundJobs } from './modules/backups/jobs';
import { backupRoutes } from './modules/backups/routes';
import { finalBackupRoutes } from './modules/backups/final-backup-routes';
import { appUpdateRoutes } from './modules/app-updates/routes';
import { taskRoutes } from './modules/tasks/routes';
import { registerWebSockets } from './modules/terminal/register';
import { terminalRoutes, terminalTimings, type TerminalTimings } from './modules/terminal/routes';
import { TaskRunner } from './modules/tasks/runner';
import { TaskScheduler, type TaskSchedulerOptions } from './modules/tasks/scheduler';
import { billingRoutes } from './modules/billing/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { registerAcmeChallengeRoute } from './modules/certificates/challenge-route';
import { registerSimulatedAppPage } from './modules/platform/simulated-app-page';
import type { ServerSecrets } from './secrets';
import { registryPolicyOf } from './modules/deployments/image-registry-policy';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: ServerSecrets;
  /** Defaults to SMTP or the outbox, per the configuration. */
  mailer?: Mailer;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The deployment engine; built from `createEngineFor` when absent. */
  engine?: EngineRuntime | ((log: FastifyBaseLogger) => EngineRuntime);
  /** The image builder of code builds; none: code deployment answers that it is unavailable. */
  imageBuilder?: ImageBuilder | ((log: FastifyBaseLogger) => ImageBuilder | null) | null;
  /** Options of the build queue (tests: short heartbeats). */
  buildWorker?: Partial<Pick<BuildWorkerOptions, 'pollMs' | 'heartbeatMs' | 'staleMs'>>;
  /** Custom domains' DNS lookups; the system resolver when absent. */
  dnsResolver?: DnsResolver;
  /** Options of the notification outbox's worker (tests: a clock, a short lease). */
  deliveryWorker?: Partial<Pick<DeliveryWorkerOptions, 'pollMs' | 'leaseMs' | 'now' | 'perMinute'>>;
  /** Options of the uptime checks' worker (tests: the HTTP check). */
  uptimeWorker?: Partial<UptimeWorkerOptions>;
  /** Options of the metrics sampling's worker (tests: how often it rolls up). */
  metricsWorker?: Partial<MetricsWorkerOptions>;
  /** Options of the watch of images' new versions (tests: the registry read). */
  imageWatchWorker?: Partial<ImageWatchWorkerOptions>;
  /** Tests: every answer is also written by zod and compared (http/response-serializer.ts). */
  checkResponses?: boolean;
  /** Scheduled tasks (tests: a short heartbeat and stale time). */
  tasks?: TaskSchedulerOptions & { heartbeatMs?: number };
  /** The browser terminal (tests: a short re-check of the caller's right). */
  terminal?: Partial<TerminalTimings>;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  engine: EngineRuntime;
  /** The build queue of this process; null when no image builder is configured. */
  buildWorker: BuildWorker | null;
  /** Backups and restores running after their 202 (and restores taken up after a stop). */
  backupJobs: BackgroundJobs;
  /** The notification outbox's sender; main.ts starts it, tests run its passes. */
  deliveryWorker: DeliveryWorker;
  /** The uptime checks (modules/uptime); main.ts starts it, tests run its passes. */
  uptimeWorker: UptimeWorker;
  /** The resource metrics' sampling and roll-ups (modules/metrics-history); main.ts starts it. */
  metricsWorker: MetricsWorker;
  /** Image applications' new versions read from their registries (modules/image-watch); main.ts starts it. */
  imageWatchWorker: ImageWatchWorker;
  /** Previews' reports to Git hosts and deletions (modules/previews); main.ts starts it. */
  previewWorker: PreviewWorker;
  /** The traffic read at the edge and its roll-ups (modules/traffic-metrics); main.ts starts it. */
  trafficWorker: TrafficWorker;
  /** The metric alerts' evaluation (modules/metric-alerts); main.ts starts it, tests run its passes. */
  metricAlertWorker: MetricAlertWorker;
  /** Automatic scaling on docker and simulation (modules/autoscaling); main.ts starts it. */
  autoscaleWorker: AutoscaleWorker;
  /** Task runs of this process and the scheduler (main.ts starts it, tests run its passes). */
  tasks: { runner: TaskRunner; scheduler: TaskScheduler };
};

/** The Fastify instance with every route; tests drive it with `inject()`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // One compact line per request (http/access-log.ts).
    logController: new CompactRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: deps.checkResponses ?? false }));

  const engine =
    typeof deps.engine === 'function'
      ? deps.engine(app.log)
      : (deps.engine ??
        simulationEngine({
          config: deps.config,
          db: deps.database.db,
          secrets: deps.secrets,
          log: app.log,
        }));
  const builder =
    typeof deps.imageBuilder === 'function'
      ? deps.imageBuilder(app.log)
      : (deps.imageBuilder ?? null);
  const buildWorker = builder
    ? new BuildWorker({
        db: deps.database.db,
        builder,
        secretsKey: deps.secrets.secretsKey,
        settings: deps.config.buildQueue,
        log: app.log,
        wakeEngine: () => engine.wake(),
        registryPolicy: registryPolicyOf(deps.config),
        ...deps.buildWorker,
      })
    : null;
  const sessions = new SessionCache(deps.database.db, app.log);
  await sessions.start(deps.database);
  // The engine and the build queue sleep until work falls due; database notifications wake them
  // for work written by any process (db/wake-channels.ts).
  const unlisten = await Promise.all([
    listenForWakes(deps.database, ENGINE_CHANNEL, engine.reconciler, app.log),
    ...(buildWorker ? [listenForWakes(deps.database, BUILDS_CHANNEL, buildWorker, app.log)] : []),
  ]);
  // Assigned once the context it needs exists; the context's previews.wake calls it.
  let previewWorker: PreviewWorker | undefined = undefined;
  const ctx: AppContext = {
    config: deps.config,
    db: deps.database.db,
    secrets: deps.secrets,
    tokens: new AccessTokens(deps.secrets.jwtSecret),
    sessions,
    mailer: deps.mailer ?? createMailer(deps.config, app.log),
    engine,
    builds: {
      builder,
      wake: () => buildWorker?.wake(),
      cancelLocal: (id) => buildWorker?.cancelLocal(id),
    },
    previews: { wake: () => previewWorker?.wake() },
    dns: new DnsChecker(deps.dnsResolver ?? systemResolver(4000, deps.config.dnsServers)),
    log: app.log,
  };

  app.decorate('ctx', ctx);
  app.decorate('engine', engine);
  app.decorate('buildWorker', buildWorker);
  const backupJobs = new BackgroundJobs(app.log);
  app.decorate('backupJobs', backupJobs);
  const deliveryWorker = new DeliveryWorker({
    db: ctx.db,
    mailer: ctx.mailer,
    secretsKey: deps.secrets.secretsKey,
    publicUrl: deps.config.publicUrl,
    allowPrivateTargets: deps.config.notifications.allowPrivateTargets,
    telegramApiUrl: deps.config.notifications.telegramApiUrl,
    leaseMs: deps.config.notificationTiming.leaseMs,
    log: app.log.child({ component: 'notifications' }),
    ...deps.deliveryWorker,
  });
  app.decorate('deliveryWorker', deliveryWorker);
  app.decorate(
    'uptimeWorker',
    new UptimeWorker(ctx, { ...deps.config.uptime, ...deps.uptimeWorker }),
  );
  app.decorate(
    'metricsWorker',
    new MetricsWorker(ctx, { ...deps.config.metricsHistory, ...deps.metricsWorker }),
  );
  app.decorate('trafficWorker', new TrafficWorker(ctx, deps.config.traffic));
  const imageWatchWorker = new ImageWatchWorker(ctx, {
    intervalMs: deps.config.images?.watchIntervalMs ?? 300_000,
    ...deps.imageWatchWorker,
  });
  app.decorate('imageWatchWorker', imageWatchWorker);
  previewWorker = new PreviewWorker(ctx);
  app.decorate('previewWorker', previewWorker);
  const metricAlertWorker = new MetricAlertWorker(ctx, {
    intervalMs: 60_000,
    sampleMs: deps.config.metricsHistory.intervalMs,
  });
  app.decorate('metricAlertWorker', metricAlertWorker);
  const autoscaleWorker = new AutoscaleWorker(ctx, deps.config.autoscaling);
  app.decorate('autoscaleWorker', autoscaleWorker);
  const taskRunner = new TaskRunner(ctx, { heartbeatMs: deps.tasks?.heartbeatMs });
  const tasks = { runner: taskRunner, scheduler: new TaskScheduler(ctx, taskRunner, deps.tasks) };
  app.decorate('tasks', tasks);
  // Runs of this process end (recorded as interrupted) when the app closes.
  app.addHook('onClose', () => taskRunner.stop(Date.now() + 5000));
  unlisten.push(
    await listenForWakes(deps.database, NOTIFICATIONS_CHANNEL, deliveryWorker, app.log),
  );

  registerErrorHandling(app);
  registerSecurityHeaders(app, { config: deps.config, webDistDir: deps.config.webDistDir });
  registerRequestScope(app);
  registerTextInputGuard(app);
  registerRouteAudit(app, ctx);
  registerQuotaRefusalNotice(app, ctx);
  registerTokenUseAudit(app, ctx);
  await registerOpenApi(app);
  await app.register(rateLimit, { global: false });
  const terminals = await registerWebSockets(app);
  await app.register(authenticatePlugin, { ctx, lookups: credentialLookups(ctx) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database });
      await api.register(authRoutes, { ctx });
      await api.register(sessionRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(apiTokenRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(projectRoutes, { ctx });
      await api.register(invitationRoutes, { ctx });
      await api.register(environmentRoutes, { ctx });
      await api.register(deploymentRoutes, { ctx });
      await api.register(databaseRoutes, { ctx, jobs: backupJobs });
      await api.register(envVarRoutes, { ctx });
      await api.register(sourceRoutes, { ctx });
      await api.register(deploymentWebhookRoutes, { ctx });
      await api.register(catalogRoutes);
      await api.register(buildRoutes, { ctx });
      await api.register(codeRoutes, { ctx });
      await api.register(gitPushRoutes, { ctx });
      await api.register(previewRoutes, { ctx });
      await api.register(gitTokenRoutes, { ctx });
      await api.register(registryCredentialRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(inboxRoutes, { ctx });
      await api.register(monitoringRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(platformRoutes, { ctx });
      await api.register(pricingRoutes, { ctx });
      await api.register(billingRoutes, { ctx });
      await api.register(certificateRoutes, { ctx });
      await api.register(taskRoutes, { ctx, runner: tasks.runner, scheduler: tasks.scheduler });
      await api.register(terminalRoutes, {
        ctx,
        terminals,
        timings: { ...terminalTimings(deps.config), ...deps.terminal },
      });
      await api.register(backupRoutes, { ctx, jobs: backupJobs });
      await api.register(finalBackupRoutes, { ctx, jobs: backupJobs });
      await api.register(appUpdateRoutes, { ctx, jobs: backupJobs });
      await api.register(uptimeRoutes, { ctx });
      await api.register(imageWatchRoutes, { ctx });
      await api.register(imageWatchHookRoutes, { ctx, wake: () => imageWatchWorker.wake() });
      await api.register(metricAlertRoutes, {
        ctx,
        rulesChanged: () => metricAlertWorker.wake(),
      });
      await api.register(autoscalingRoutes, {
        ctx,
        policyChanged: () => autoscaleWorker.wake(),
      });
      await api.register(publicStatusRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );

  if (engine.runtime === 'simulation') registerSimulatedAppPage(app);
  registerAcmeChallengeRoute(app, ctx);
  registerStatusPageHtml(app, ctx);
  await registerSpa(app, deps.config.webDistDir);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    await sessions.stop();
    await Promise.all(unlisten.map((stop) => stop()));
  });
  return app as unknown as App;
}
