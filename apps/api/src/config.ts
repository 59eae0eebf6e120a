import path from 'node:path';
import type { EdgeOptions } from './engine/drivers/docker/edge/edge-proxy';
import type { RenderOptions } from './engine/manifests/types';
import { z } from 'zod';
import { parseImageOverrides, type ImageOverrides } from './engine/image-overrides';

const runtimes = ['auto', 'kubernetes', 'docker', 'simulation'] as const;

/** Every environment variable the process reads (ARCHITECTURE.md "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'SECRETS_KEY must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('NuageDeploy <no-reply@nuagedeploy.local>'),
  PUBLIC_URL: z.url().optional(),
  RUNTIME: z.enum(runtimes).default('auto'),
  K8S_STORAGE_CLASS: z.string().optional(),
  K8S_INGRESS_CLASS: z.string().optional(),
  K8S_APP_VOLUME_ACCESS_MODE: z.enum(['ReadWriteOnce', 'ReadWriteMany']).optional(),
  // TLS of `<label>.<APPS_DOMAIN>` on Kubernetes: none, wildcard (the ingress controller's
  // default certificate), cert-manager (CERT_MANAGER_CLUSTER_ISSUER through Ingress annotations).
  K8S_APPS_DOMAIN_TLS: z.enum(['none', 'wildcard', 'cert-manager']).default('none'),
  CERT_MANAGER_CLUSTER_ISSUER: z
    .string()
    .regex(
      /^[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/,
      'CERT_MANAGER_CLUSTER_ISSUER must be a DNS-1123 name',
    )
    .optional(),
  // Namespace of the ingress controller: the only one a tenant namespace accepts traffic from.
  K8S_INGRESS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'K8S_INGRESS_NAMESPACE must be a DNS-1123 label')
    .default('ingress-nginx'),
  // CIDRs tenants never reach, comma-separated (default: private, CGNAT and link-local ranges).
  K8S_EGRESS_DENIED_CIDRS: z
    .string()
    .regex(
      /^[0-9a-fA-F:./]+(,[0-9a-fA-F:./]+)*$/,
      'K8S_EGRESS_DENIED_CIDRS must be comma-separated CIDRs',
    )
    .optional(),
  // The platform's ServiceAccount as `namespace/name`, bound in each namespace it creates.
  K8S_SERVICE_ACCOUNT: z
    .string()
    .regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'K8S_SERVICE_ACCOUNT must be namespace/name')
    .default('nuagedeploy/nuagedeploy'),
  // Drift repair: every applied object applied again this often (minutes; 0 = never).
  K8S_RESYNC_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  // Wildcard DNS name under which every application gets `<app>-<env>-<project>.<APPS_DOMAIN>`.
  APPS_DOMAIN: z
    .string()
    .toLowerCase()
    .regex(
      /^(?=.{1,200}$)([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?\.)+[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/,
      'APPS_DOMAIN must be a DNS name such as apps.example.com (no scheme, no port)',
    )
    .optional(),
  // Catalogue image → the reference this host pulls instead (registry mirror, air-gapped copies).
  IMAGE_OVERRIDES: z.string().optional(),
  // The address customers point their own domains at (an A record), shown with the DNS help.
  PUBLIC_IP: z.union([z.ipv4(), z.ipv6()], 'PUBLIC_IP must be an IPv4 or IPv6 address').optional(),
  // DNS servers the custom-domain check asks (comma-separated, ip or ip:port); the system's by default.
  DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-fA-F.:[\],\s]+$/, 'DNS_SERVERS must list addresses such as 1.1.1.1,9.9.9.9:53')
    .optional(),
  // The docker runtime's edge proxy (Caddy) that owns the host's HTTP/HTTPS ports.
  EDGE_IMAGE: z.string().min(1).default('docker.io/library/caddy:2'),
  EDGE_CONTAINER: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, 'EDGE_CONTAINER must be a container name')
    .default('nuagedeploy-edge'),
  EDGE_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  EDGE_HTTPS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  EDGE_LISTEN_HOST: z.string().min(1).default('0.0.0.0'),
  // Where the proxy's admin socket lives (bind-mounted into it); default DATA_DIR/edge.
  EDGE_ADMIN_DIR: z.string().min(1).optional(),
  // How long the engine's claim on an application lasts (a killed process's work resumes after it).
  ENGINE_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  // TLS certificates (modules/certificates): the ACME authority, DNS-01 for wildcards, cert-manager.
  ACME_DIRECTORY_URL: z.url().optional(),
  ACME_DNS_PROVIDER: z.enum(['httpreq']).optional(),
  ACME_DNS_HTTPREQ_URL: z.url().optional(),
  ACME_DNS_PROPAGATION_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CERT_MANAGER_NAMESPACE: z
    .string()
    .regex(
      /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
      'CERT_MANAGER_NAMESPACE must be a DNS-1123 label',
    )
    .default('nuagedeploy-certificats'),
  CERT_MANAGER_DNS01_SOLVER: z.string().optional(),
  TLS_EXTRA_CA_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // How long the per-project audit log keeps entries; never less than 90 days.
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(90, 'AUDIT_RETENTION_DAYS must be at least 90 (days)')
    .max(3650)
    .default(365),
  BACKUP_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Runtime = (typeof runtimes)[number];

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
  runtime: Runtime;
  /** Applications answer at `<host label>.<appsDomain>` (wildcard DNS to the ingress / proxy). */
  appsDomain: string | undefined;
  /** Catalogue image references replaced by the operator's (engine/image-overrides.ts). */
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
  /** The reconciler's lease (default 60 s): how soon work of a killed process is taken over. */
  engineLeaseMs: number | undefined;
  certificates: CertificateConfig;
  logLevel: string;
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Days the audit log keeps entries (≥ 90). */
  auditRetentionDays: number;
  /** Where backups are written (default DATA_DIR/backups). */
  backupDir?: string;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
      ...(e.CERT_MANAGER_CLUSTER_ISSUER ? { clusterIssuer: e.CERT_MANAGER_CLUSTER_ISSUER } : {}),
      ingressNamespace: e.K8S_INGRESS_NAMESPACE,
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
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}
