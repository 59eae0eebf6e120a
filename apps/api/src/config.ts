import path from 'node:path';
import type { EdgeOptions } from './engine/drivers/docker/edge/edge-proxy';
import type { GuardOptions } from './engine/drivers/docker/guard/network-guard';
import type { DatabasePublicSettings } from './engine/specs/database-public-endpoint';

export type { DatabasePublicSettings };
import { ipv4Cidr } from './engine/drivers/docker/guard/isolation-rules';
import type { RenderOptions } from './engine/manifests/types';
import { envSchema, type passwordHashProfiles, type runtimes } from './config-env';
import { parseImageOverrides, type ImageOverrides } from './engine/drivers/image-overrides';
import { parseBaseImages, type BaseImages } from './engine/builds/base-images';
import { parseDatabaseVersions, type DatabaseVersions } from './modules/databases/versions';
import type { BuildSettings } from './engine/builds/build-settings';

export type Runtime = (typeof runtimes)[number];
export type PasswordHashProfile = (typeof passwordHashProfiles)[number];

export interface AutoscalingConfig {
  intervalMs: number;
  windowMs: number;
  upCooldownMs: number;
  downCooldownMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  secretsKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** The platform's operators, lower-cased e-mails (OPERATOR_EMAILS): see modules/platform. */
  operatorEmails: string[];
  runtime: Runtime;
  /** Applications answer at `<host label>.<appsDomain>` (wildcard DNS to the ingress / proxy). */
  appsDomain: string | undefined;
  /** Catalogue image references replaced by the operator's (engine/drivers/image-overrides.ts). */
  imageOverrides: ImageOverrides;
  /** Rendering options of the Kubernetes driver (manifests/types.ts RenderOptions). */
  kubernetes: RenderOptions;
  /** Drift repair period of the Kubernetes driver (ms; 0 = never). */
  kubernetesResyncMs: number;
  /** The platform's public address, for custom domains' A records (DNS help). */
  publicIp: string | undefined;
  /** DNS servers for the custom-domain check; the system's when empty. */
  dnsServers: string[];
  /** The docker runtime's edge proxy: image, container name, host ports and address. */
  // adminDir: every API process of the host must share it (the proxy's admin socket).
  edge: Omit<EdgeOptions, 'acmeDirectoryUrl' | 'extraCaFile'>;
  /**
   * The docker runtime's network guard: image, container, rules directory (or volume), chain
   * prefix, egress policy (EGRESS_PRIVATE_NETWORKS, EGRESS_ALLOW_CIDRS, the edge's ports).
   */
  networkGuard: GuardOptions;
  /** The reconciler's lease (default 60 s): how soon work of a killed process is taken over. */
  engineLeaseMs: number | undefined;
  certificates: CertificateConfig;
  /** The background check of pending custom domains (modules/dns/claim-worker.ts). */
  domainClaims: { pollMs: number };
  /** Uptime checks (modules/uptime). */
  uptime: { intervalMs: number; failuresBeforeIncident: number };
  /** Resource metrics over time (modules/metrics-history). */
  metricsHistory: { intervalMs: number; diskEveryMs: number };
  /** Traffic metrics (modules/traffic-metrics): how often the edge is read, and where on Kubernetes. */
  traffic: { intervalMs: number; ingressMetricsUrl: string | undefined };
  /** Automatic scaling on docker and simulation (modules/autoscaling). */
  autoscaling: AutoscalingConfig;
  logLevel: string;
  /** PASSWORD_HASH_PROFILE: the Argon2id cost of new password hashes (`test` for test runs only). */
  passwordHashProfile: PasswordHashProfile;
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Days the audit log keeps entries (≥ 90). */
  auditRetentionDays: number;
  /** Where backups are written (default DATA_DIR/backups). */
  backupDir?: string;
  /** S3_ALLOW_PRIVATE_ENDPOINTS: backup destinations may be on private networks (LAN MinIO). */
  s3AllowPrivateEndpoints: boolean;
  /** Notification channels (modules/notifications). */
  notifications: NotificationSettings;
  notificationTiming: NotificationTiming;
  /** Code builds (engine/builds). */
  builds: BuildSettings;
  /** The build queue: global concurrency, timeout and the limits each build runs under. */
  buildQueue: BuildQueueSettings;
  /** Scheduled tasks and one-off commands (modules/tasks); defaults when absent. */
  tasks?: { runsPerProject: number };
  /** PREVIEWS_PER_PROJECT: previews of pull requests one project may have at once. */
  previews: { perProject: number };
  /**
   * Images a user deploys (issue 30): IMAGE_ALLOW_PRIVATE_REGISTRIES (absent: refused), and how
   * often a watched tag is read from its registry (IMAGE_WATCH_INTERVAL_SECONDS; absent: 300 s).
   */
  images?: { allowPrivateRegistries: boolean; watchIntervalMs?: number };
  /** The browser terminal (modules/terminal); defaults when absent. */
  terminal?: { idleSeconds: number };
  /** DATABASE_VERSIONS: the versions offered per engine, default first (modules/databases). */
  databaseVersions?: DatabaseVersions;
  /** A database's public endpoint (modules/databases/public-access.ts); absent: off. */
  databasePublic?: DatabasePublicSettings;
}

export interface NotificationSettings {
  /** NOTIFY_ALLOW_PRIVATE_TARGETS: webhooks may point at private or loopback addresses. */
  allowPrivateTargets: boolean;
  /** TELEGRAM_API_URL: the Bot API's base address, without a trailing slash. */
  telegramApiUrl: string;
}

/** The timings of notifications and alerts (issue 27): production defaults, short in tests. */
export interface NotificationTiming {
  /** CRASH_LOOP_WINDOW_SECONDS: how far back restarts count towards a crash loop. */
  crashLoopWindowMs: number;
  /** CRASH_LOOP_RECOVERED_SECONDS: ready this long without a restart ends a crash loop. */
  crashLoopRecoveredMs: number;
  /** OBSERVE_RUNNING_SECONDS: how often the engine looks at a running application. */
  observeRunningMs: number;
  /** NOTIFY_LEASE_SECONDS: a message claimed by a process that died is sent again after this. */
  leaseMs: number;
  /** OPERATOR_ALERT_CHECK_SECONDS: how often the platform's own health is looked at. */
  operatorCheckMs: number;
}

/** The build queue (modules/builds): BUILD_CONCURRENCY, BUILD_TIMEOUT_SECONDS, BUILD_CPU, BUILD_RAM_MB. */
export interface BuildQueueSettings {
  /** BUILD_CONCURRENCY: builds at once over every API process (the others queue). */
  concurrency: number;
  /** BUILD_TIMEOUT_SECONDS: a build still running after this is stopped and failed. */
  timeoutSeconds: number;
  /** BUILD_CPU, BUILD_RAM_MB: the limits each build runs under. */
  cpuMilli: number;
  ramMb: number;
  /** BUILD_METRICS_SAMPLE_SECONDS: a running build's usage is read this often (default 3 s). */
  metricsSampleMs?: number;
}

/**
 * ACME_DIRECTORY_URL: the ACME directory the platform orders from (and cert-manager Issuers
 * point at); unset = Let's Encrypt, production or staging per certificate.
 * ACME_DNS_PROVIDER=httpreq + ACME_DNS_HTTPREQ_URL: DNS-01 (wildcards) through an HTTP endpoint
 * that publishes TXT records (lego's "httpreq" protocol: POST {url}/present and {url}/cleanup with
 * {fqdn, value}; credentials in the URL's user:password), waiting ACME_DNS_PROPAGATION_SECONDS.
 * CERT_MANAGER_NAMESPACE: where cert-manager Issuers, Certificates and their Secrets live.
 * CERT_MANAGER_DNS01_SOLVER: a cert-manager `dns01` solver as JSON (wildcards on Kubernetes).
 * TLS_EXTRA_CA_FILE: PEM roots trusted besides Node's (an internal company authority).
 */
export interface CertificateConfig {
  acmeDirectoryUrl: string | undefined;
  dns01: { provider: 'httpreq'; endpoint: string; propagationSeconds: number } | undefined;
  certManager: { namespace: string; dns01Solver: Record<string, unknown> | undefined };
  extraTrustedCaFile: string | undefined;
  /** Docker runtime: how often what the edge proxy serves is recorded (proxy-certificates.ts). */
  proxyCheckMs: number;
}

export class ConfigError extends Error {}

function jsonObject(name: string, text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError(`Invalid configuration:\n  ${name}: a JSON object is expected`);
  return parsed as Record<string, unknown>;
}

/** Parses the environment once at start; an invalid value stops the process with its reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (VAR= in a .env file) mean "unset", as operators expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${reasons.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.K8S_APPS_DOMAIN_TLS === 'cert-manager' && !e.CERT_MANAGER_CLUSTER_ISSUER) {
    throw new ConfigError(
      'Invalid configuration:\n  CERT_MANAGER_CLUSTER_ISSUER: required when K8S_APPS_DOMAIN_TLS=cert-manager',
    );
  }
  if (e.ACME_DNS_PROVIDER === 'httpreq' && !e.ACME_DNS_HTTPREQ_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  ACME_DNS_HTTPREQ_URL: required when ACME_DNS_PROVIDER=httpreq',
    );
  }
  let imageOverrides: ImageOverrides;
  try {
    imageOverrides = parseImageOverrides(e.IMAGE_OVERRIDES);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  IMAGE_OVERRIDES: ${(err as Error).message}`);
  }
  let baseImages: BaseImages;
  try {
    baseImages = parseBaseImages(e.BUILD_BASE_IMAGES);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  BUILD_BASE_IMAGES: ${(err as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    s3AllowPrivateEndpoints: e.S3_ALLOW_PRIVATE_ENDPOINTS,
    notifications: {
      allowPrivateTargets: e.NOTIFY_ALLOW_PRIVATE_TARGETS,
      telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
    },
    notificationTiming: {
      crashLoopWindowMs: e.CRASH_LOOP_WINDOW_SECONDS * 1000,
      crashLoopRecoveredMs: e.CRASH_LOOP_RECOVERED_SECONDS * 1000,
      observeRunningMs: e.OBSERVE_RUNNING_SECONDS * 1000,
      leaseMs: e.NOTIFY_LEASE_SECONDS * 1000,
      operatorCheckMs: e.OPERATOR_ALERT_CHECK_SECONDS * 1000,
    },
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    operatorEmails: (e.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    runtime: e.RUNTIME,
    appsDomain: e.APPS_DOMAIN,
    publicIp: e.PUBLIC_IP,
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    kubernetes: {
      ...(e.K8S_STORAGE_CLASS ? { storageClassName: e.K8S_STORAGE_CLASS } : {}),
      ...(e.K8S_INGRESS_CLASS ? { ingressClassName: e.K8S_INGRESS_CLASS } : {}),
      ...(e.K8S_APP_VOLUME_ACCESS_MODE
        ? { appVolumeAccessMode: e.K8S_APP_VOLUME_ACCESS_MODE }
        : {}),
      ...(e.APPS_DOMAIN ? { appsDomain: e.APPS_DOMAIN } : {}),
      appsDomainTls: e.K8S_APPS_DOMAIN_TLS,
      ...(e.DATABASE_PUBLIC_SERVICE !== 'off'
        ? { databasePublicService: e.DATABASE_PUBLIC_SERVICE }
        : {}),
      ...(e.CERT_MANAGER_CLUSTER_ISSUER ? { clusterIssuer: e.CERT_MANAGER_CLUSTER_ISSUER } : {}),
      ingressNamespace: e.K8S_INGRESS_NAMESPACE,
      rolloutDeadlineSeconds: e.K8S_ROLLOUT_TIMEOUT_SECONDS,
      // Code applications pull their release images with the registry's credentials.
      ...(e.REGISTRY_URL && e.REGISTRY_USERNAME && e.REGISTRY_PASSWORD
        ? {
            registryPull: {
              server: e.REGISTRY_URL.split('/')[0]!,
              username: e.REGISTRY_USERNAME,
              password: e.REGISTRY_PASSWORD,
            },
          }
        : {}),
      ...(e.K8S_EGRESS_DENIED_CIDRS
        ? { egressDeniedCidrs: e.K8S_EGRESS_DENIED_CIDRS.split(',') }
        : {}),
      platformAccount: {
        namespace: e.K8S_SERVICE_ACCOUNT.split('/')[0]!,
        name: e.K8S_SERVICE_ACCOUNT.split('/')[1]!,
      },
    },
    imageOverrides,
    kubernetesResyncMs: e.K8S_RESYNC_MINUTES * 60_000,
    edge: {
      image: e.EDGE_IMAGE,
      containerName: e.EDGE_CONTAINER,
      httpPort: e.EDGE_HTTP_PORT,
      httpsPort: e.EDGE_HTTPS_PORT,
      listenHost: e.EDGE_LISTEN_HOST,
      adminDir: path.resolve(e.EDGE_ADMIN_DIR ?? path.join(e.DATA_DIR, 'edge')),
      ...(e.ACME_EMAIL ? { acmeEmail: e.ACME_EMAIL } : {}),
    },
    networkGuard: {
      image: e.NETWORK_GUARD_IMAGE,
      containerName: e.NETWORK_GUARD_CONTAINER,
      stateDir: path.resolve(e.NETWORK_GUARD_DIR ?? path.join(e.DATA_DIR, 'guard')),
      ...(e.NETWORK_GUARD_VOLUME ? { stateVolume: e.NETWORK_GUARD_VOLUME } : {}),
      chainPrefix: e.NETWORK_GUARD_CHAINS,
      egress: {
        privateNetworks: e.EGRESS_PRIVATE_NETWORKS,
        allowCidrs: e.EGRESS_ALLOW_CIDRS.map((c) => ipv4Cidr(c)!.text),
        // Applications may call URLs this host serves (their own: WordPress's cron, webhooks).
        publicPorts: [e.EDGE_HTTP_PORT, e.EDGE_HTTPS_PORT],
      },
    },
    engineLeaseMs: e.ENGINE_LEASE_MS,
    certificates: {
      acmeDirectoryUrl: e.ACME_DIRECTORY_URL,
      dns01: e.ACME_DNS_PROVIDER
        ? {
            provider: e.ACME_DNS_PROVIDER,
            endpoint: e.ACME_DNS_HTTPREQ_URL!,
            propagationSeconds: e.ACME_DNS_PROPAGATION_SECONDS,
          }
        : undefined,
      certManager: {
        namespace: e.CERT_MANAGER_NAMESPACE,
        dns01Solver: jsonObject('CERT_MANAGER_DNS01_SOLVER', e.CERT_MANAGER_DNS01_SOLVER),
      },
      extraTrustedCaFile: e.TLS_EXTRA_CA_FILE ? path.resolve(e.TLS_EXTRA_CA_FILE) : undefined,
      proxyCheckMs: e.EDGE_CERTIFICATE_CHECK_SECONDS * 1000,
    },
    domainClaims: { pollMs: e.DOMAIN_CHECK_SECONDS * 1000 },
    metricsHistory: {
      intervalMs: e.METRICS_SAMPLE_SECONDS * 1000,
      diskEveryMs: e.METRICS_DISK_SECONDS * 1000,
    },
    traffic: {
      intervalMs: e.TRAFFIC_READ_SECONDS * 1000,
      ingressMetricsUrl: e.INGRESS_METRICS_URL,
    },
    autoscaling: {
      intervalMs: e.AUTOSCALE_INTERVAL_SECONDS * 1000,
      windowMs: e.AUTOSCALE_WINDOW_SECONDS * 1000,
      upCooldownMs: e.AUTOSCALE_UP_COOLDOWN_SECONDS * 1000,
      downCooldownMs: e.AUTOSCALE_DOWN_COOLDOWN_SECONDS * 1000,
    },
    uptime: {
      intervalMs: e.UPTIME_CHECK_SECONDS * 1000,
      failuresBeforeIncident: e.UPTIME_FAILURES_BEFORE_INCIDENT,
    },
    logLevel: e.LOG_LEVEL,
    passwordHashProfile: e.PASSWORD_HASH_PROFILE,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    tasks: { runsPerProject: e.TASK_RUNS_PER_PROJECT },
    previews: { perProject: e.PREVIEWS_PER_PROJECT },
    images: {
      allowPrivateRegistries: e.IMAGE_ALLOW_PRIVATE_REGISTRIES,
      watchIntervalMs: e.IMAGE_WATCH_INTERVAL_SECONDS * 1000,
    },
    terminal: { idleSeconds: e.TERMINAL_IDLE_SECONDS },
    databaseVersions: parseDatabaseVersions(e.DATABASE_VERSIONS),
    databasePublic: {
      ...(e.DATABASE_PUBLIC_ADDRESS ? { address: e.DATABASE_PUBLIC_ADDRESS } : {}),
      ...(e.DATABASE_PUBLIC_HOST ? { host: e.DATABASE_PUBLIC_HOST } : {}),
      ports: { first: e.DATABASE_PUBLIC_PORTS[0], last: e.DATABASE_PUBLIC_PORTS[1] },
      kubernetesService: e.DATABASE_PUBLIC_SERVICE,
    },
    builds: {
      baseImages,
      allowPrivateGitHosts: e.GIT_ALLOW_PRIVATE_HOSTS,
      registry: e.REGISTRY_URL
        ? {
            url: e.REGISTRY_URL.replace(/\/+$/, ''),
            ...(e.REGISTRY_USERNAME ? { username: e.REGISTRY_USERNAME } : {}),
            ...(e.REGISTRY_PASSWORD ? { password: e.REGISTRY_PASSWORD } : {}),
          }
        : undefined,
      kanikoImage: e.KANIKO_IMAGE,
      workDir: path.resolve(e.DATA_DIR, 'builds'),
      extraCaFile: e.TLS_EXTRA_CA_FILE ? path.resolve(e.TLS_EXTRA_CA_FILE) : undefined,
      maxSourceBytes: e.BUILD_MAX_SOURCE_MB * 1024 * 1024,
      maxContextBytes: e.BUILD_MAX_CONTEXT_MB * 1024 * 1024,
      egress: {
        network: e.BUILD_NETWORK,
        proxyImage: e.BUILD_EGRESS_PROXY_IMAGE ?? baseImages.node,
        allow: e.BUILD_EGRESS_ALLOW,
      },
    },
    buildQueue: {
      concurrency: e.BUILD_CONCURRENCY,
      timeoutSeconds: e.BUILD_TIMEOUT_SECONDS,
      cpuMilli: Math.round(e.BUILD_CPU * 1000),
      ramMb: e.BUILD_RAM_MB,
      metricsSampleMs: e.BUILD_METRICS_SAMPLE_SECONDS * 1000,
    },
  };
}
