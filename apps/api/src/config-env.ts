import { z } from 'zod';
import { CHAIN_PREFIX, ipv4Cidr } from './engine/drivers/docker/guard/isolation-rules';

export const runtimes = ['auto', 'kubernetes', 'docker', 'simulation'] as const;
export const passwordHashProfiles = ['server', 'test'] as const;

/**
 * Every environment variable the process reads (ARCHITECTURE.md "Configuration"), checked and
 * given its default; config.ts turns the result into the typed Config.
 */
export const envSchema = z.object({
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
  // Accounts (e-mail addresses, comma-separated) that operate this platform: they see, in the
  // interface, the settings it still misses (public address for custom domains, PUBLIC_URL…).
  OPERATOR_EMAILS: z.string().optional(),
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
  // How long a Kubernetes rollout may take before it is rolled back (the Deployments'
  // progressDeadlineSeconds; the driver waits this plus a minute at most).
  K8S_ROLLOUT_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(180),
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
  // The docker runtime's network guard (iptables isolation between environments): an image
  // with /bin/sh and Debian's iptables; by default the platform's own (Dockerfile).
  NETWORK_GUARD_IMAGE: z.string().min(1).default('localhost/nuagedeploy:latest'),
  NETWORK_GUARD_CONTAINER: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, 'NETWORK_GUARD_CONTAINER must be a container name')
    .default('nuagedeploy-network-guard'),
  // Where the platform writes the guard's rules (bind-mounted into it); default DATA_DIR/guard.
  NETWORK_GUARD_DIR: z.string().min(1).optional(),
  // A named volume the guard mounts instead (the platform in a container sees it at NETWORK_GUARD_DIR).
  NETWORK_GUARD_VOLUME: z.string().min(1).optional(),
  // The guard's iptables chains `<prefix>-1`, `-2`, `-LAN`, `-HOST`: one prefix per set of
  // settings on a host (two platforms, or test servers, side by side each keep their own).
  NETWORK_GUARD_CHAINS: z
    .string()
    .regex(
      CHAIN_PREFIX,
      'NETWORK_GUARD_CHAINS doit être un préfixe de chaîne iptables : lettres, chiffres, - et _, 23 caractères au plus (NETWORK_GUARD_CHAINS must be an iptables chain prefix: letters, digits, - and _, at most 23 characters)',
    )
    .default('NUAGE-ISOLATION'),
  // Docker runtime, network guard: environments never reach the host (but DNS) nor private,
  // CGNAT and link-local addresses (10/8, 172.16/12, 192.168/16, 100.64/10, 169.254/16: the
  // operator's networks, the cloud metadata endpoint), unless allow; the internet stays open.
  EGRESS_PRIVATE_NETWORKS: z
    .enum(
      ['block', 'allow'],
      'EGRESS_PRIVATE_NETWORKS doit valoir block ou allow (EGRESS_PRIVATE_NETWORKS must be block or allow)',
    )
    .default('block'),
  // Private destinations environments still reach (a managed database on the operator's LAN):
  // comma-separated IPv4 CIDRs, a bare address meaning /32.
  EGRESS_ALLOW_CIDRS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .superRefine((items, ctx) => {
      const bad = items.find((item) => !ipv4Cidr(item.includes('/') ? item : `${item}/32`));
      if (bad !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `EGRESS_ALLOW_CIDRS doit lister des plages IPv4 séparées par des virgules, par ex. 192.168.10.0/24,10.0.5.20 ; « ${bad} » n'en est pas une (EGRESS_ALLOW_CIDRS must list comma-separated IPv4 CIDRs; "${bad}" is not one)`,
        });
    })
    .transform((items) => items.map((item) => (item.includes('/') ? item : `${item}/32`))),
  // How long the engine's claim on an application lasts (a killed process's work resumes after it).
  ENGINE_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  // TLS certificates (modules/certificates): the ACME authority, DNS-01 for wildcards, cert-manager.
  ACME_DIRECTORY_URL: z.url().optional(),
  // Docker runtime: the account e-mail of the edge proxy's ACME orders (expiry notices).
  ACME_EMAIL: z.email().optional(),
  // Docker runtime: how often the certificates the edge proxy serves are read back.
  EDGE_CERTIFICATE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the platform looks for the proof of control of pending custom domains. */
  DOMAIN_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often each application's address is checked (issue 28; tests shorten it). */
  UPTIME_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Failed checks in a row that open an incident (and its « application indisponible »). */
  UPTIME_FAILURES_BEFORE_INCIDENT: z.coerce.number().int().min(1).max(60).default(2),
  /** How often each running application's CPU, memory and network are sampled (issue 28). */
  METRICS_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How often the volumes' disk use is measured (issue 28): docker reads it for the whole host
   * in one `/system/df`, which walks every file of every volume; Kubernetes, the kubelets' stats.
   */
  METRICS_DISK_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How often the requests served at the edge are read for the traffic metrics (issue 28). */
  TRAFFIC_READ_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /**
   * Kubernetes: ingress-nginx's Prometheus endpoint (e.g. http://ingress-nginx-controller-metrics.ingress-nginx:10254/metrics),
   * the traffic metrics' source there; unset = no traffic metrics (the card says so).
   */
  INGRESS_METRICS_URL: z.url().optional(),
  /** Automatic scaling (issue 28 item 5): how often each application's scale is decided. */
  AUTOSCALE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The window whose average CPU (and memory) the decision reads. */
  AUTOSCALE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** The least time after any automatic scale before a step up, and before a step down. */
  AUTOSCALE_UP_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86400).default(180),
  AUTOSCALE_DOWN_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
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
  // For test runs only, never a server: `test` hashes passwords with Argon2id at a low cost
  // (256 KiB, 1 pass) instead of OWASP's minimum (19 MiB, 2 passes), so suites that sign up
  // thousands of users do not spend minutes of CPU on it. Verifying reads the cost from the hash.
  PASSWORD_HASH_PROFILE: z.enum(passwordHashProfiles).default('server'),
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
  // S3 backup endpoints on private/loopback/link-local addresses are refused unless true.
  S3_ALLOW_PRIVATE_ENDPOINTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Notification channels (issue 27): webhooks on private/loopback addresses are refused unless true.
  NOTIFY_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Where Telegram's Bot API answers (a local Bot API server, or a test receiver).
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  // Scheduled tasks and one-off commands (issue 29): runs one project may have at once.
  TASK_RUNS_PER_PROJECT: z.coerce.number().int().min(1).max(100).default(3),
  // Previews of pull requests (issue 26): previews one project may have at once.
  PREVIEWS_PER_PROJECT: z.coerce.number().int().min(1).max(50).default(3),
  // The browser terminal (issue 29): closed after this long without a keystroke.
  TERMINAL_IDLE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  // Crash loops: restarts counted over this window (3 of them make a loop)…
  CRASH_LOOP_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(60, 'CRASH_LOOP_WINDOW_SECONDS must be between 60 and 3600 (seconds)')
    .max(3600, 'CRASH_LOOP_WINDOW_SECONDS must be between 60 and 3600 (seconds)')
    .default(300),
  // …and ready this long without a restart is « rétabli » (short in tests, 2 minutes otherwise).
  CRASH_LOOP_RECOVERED_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'CRASH_LOOP_RECOVERED_SECONDS must be between 10 and 3600 (seconds)')
    .max(3600, 'CRASH_LOOP_RECOVERED_SECONDS must be between 10 and 3600 (seconds)')
    .default(120),
  // How often the engine looks at a running application: a crash loop or an application down is
  // seen within it (each look reads the runtime and writes a row: hundreds of applications).
  OBSERVE_RUNNING_SECONDS: z.coerce
    .number()
    .int()
    .min(5, 'OBSERVE_RUNNING_SECONDS must be between 5 and 600 (seconds)')
    .max(600, 'OBSERVE_RUNNING_SECONDS must be between 5 and 600 (seconds)')
    .default(30),
  // A notification claimed by a process that died mid-send is sent again after this lease; it
  // outlasts a send's 10 s timeout so a slow receiver never gets a second copy from a live process.
  NOTIFY_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(15, 'NOTIFY_LEASE_SECONDS must be between 15 and 3600 (seconds)')
    .max(3600, 'NOTIFY_LEASE_SECONDS must be between 15 and 3600 (seconds)')
    .default(120),
  // How often the platform's own health (network guard, runtime) is looked at for its operators.
  OPERATOR_ALERT_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Code builds (issue 13): how many at once over every API process, their timeout and limits.
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  BUILD_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** How often a running build's CPU and memory are sampled (issue 28; builds last minutes). */
  BUILD_METRICS_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(60).default(3),
  BUILD_CPU: z.coerce.number().min(0.1).max(64).default(2),
  BUILD_RAM_MB: z.coerce.number().int().min(256).max(262_144).default(2048),
  // Code builds (engine/builds): base images of generated Dockerfiles by role (role=image,…).
  BUILD_BASE_IMAGES: z.string().optional(),
  // Size limits of a build's checkout and of the context sent to the engine (MB).
  BUILD_MAX_SOURCE_MB: z.coerce.number().int().min(1).max(100_000).default(500),
  BUILD_MAX_CONTEXT_MB: z.coerce.number().int().min(1).max(100_000).default(500),
  // The isolated network RUN steps of builds join, and its egress proxy (engine/builds/egress).
  BUILD_NETWORK: z
    .string()
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/, 'BUILD_NETWORK must be a network name')
    .default('nuage-builds'),
  BUILD_EGRESS_PROXY_IMAGE: z.string().min(1).optional(),
  BUILD_EGRESS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine(
      (items) =>
        items.every((item) => /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$/i.test(item)),
      'BUILD_EGRESS_ALLOW must list IP addresses with an optional port (10.0.0.5:8081,[fd00::5]:443)',
    ),
  // Git repositories on private/loopback addresses (and plain http://) are refused unless true.
  GIT_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Images from registries on private/loopback addresses or internal names are refused unless true.
  IMAGE_ALLOW_PRIVATE_REGISTRIES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // How often an image application with « Redéployer à chaque nouvelle version » asks its registry.
  IMAGE_WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  // The engine versions customers may create as databases (issue 25): engine:tag pairs, the
  // first of each engine its default; the tag is the official image's.
  DATABASE_VERSIONS: z
    .string()
    .regex(
      /^\s*(postgresql|mariadb|redis):[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\s*(,\s*(postgresql|mariadb|redis):[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\s*)*$/,
      'DATABASE_VERSIONS must list engine:version pairs, e.g. postgresql:16,mariadb:10.11,redis:7',
    )
    .default('postgresql:16,mariadb:10.11,redis:7'),
  // A database's optional public endpoint (issue 25 item 2; docs/databases.md). Docker: the
  // host IPv4 address published ports bind on (unset: the feature is off). The host name users
  // are shown (default that address; on Kubernetes a node's or the balancer's name). The port
  // range public endpoints take their port from (one per database, unique on the host or, with
  // NodePort, in the cluster). Kubernetes: which Service type the operator allows, or off.
  DATABASE_PUBLIC_ADDRESS: z
    .string()
    .regex(
      /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
      'DATABASE_PUBLIC_ADDRESS must be an IPv4 address of this host (the network guard enforces the allow-list with iptables, IPv4), e.g. 203.0.113.10 or 0.0.0.0',
    )
    .optional(),
  DATABASE_PUBLIC_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'DATABASE_PUBLIC_HOST must be a host name or an address')
    .optional(),
  DATABASE_PUBLIC_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'DATABASE_PUBLIC_PORTS must be a range, e.g. 20000-20999')
    .default('20000-20999')
    .transform((v) => v.split('-').map(Number) as [number, number])
    .refine(
      ([first, last]) => first >= 1024 && last <= 65535 && first <= last,
      'DATABASE_PUBLIC_PORTS must be a range within 1024-65535, its first port not above its last',
    ),
  DATABASE_PUBLIC_SERVICE: z.enum(['off', 'LoadBalancer', 'NodePort']).default('off'),
  // Where built images are pushed: required on Kubernetes, optional on one host (docker).
  REGISTRY_URL: z
    .string()
    .regex(
      /^[a-z0-9.-]+(:\d+)?(\/[a-z0-9._-]+)*$/i,
      'REGISTRY_URL must be a registry host with an optional path, e.g. registry.example.com/nuage',
    )
    .optional(),
  REGISTRY_USERNAME: z.string().optional(),
  REGISTRY_PASSWORD: z.string().optional(),
  // The Kaniko executor image of Kubernetes builds.
  KANIKO_IMAGE: z.string().min(1).default('gcr.io/kaniko-project/executor:v1.23.2'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
