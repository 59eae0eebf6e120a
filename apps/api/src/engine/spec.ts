import type { SaasTemplateId } from '@nuage/shared/catalog';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import type { SecurityProfile } from './templates/security';

/**
 * What one application is, independent of any runtime: built from a deployment row and the
 * catalogue (templates/), then rendered to Kubernetes objects (manifests/) or run as
 * containers (drivers/docker). Every name here is a valid DNS-1123 label derived by the
 * platform; user input only ever appears as values, never as structure.
 */

/** An environment variable: a literal value, or a key of the application's Secret. */
export type EnvVar = { name: string; value: string } | { name: string; secretKey: SecretKey };

/** The keys of an application's Secret. */
export type SecretKey =
  | 'admin-password'
  | 'db-password'
  | 'db-root-password'
  | 'odoo-conf'
  /** Drupal's hash salt (one-time login links, form tokens): stable for the application's life. */
  | 'hash-salt'
  /** A database's TLS key and certificate (issue 25 item 2). */
  | 'tls-key'
  | 'tls-cert'
  | 'tls-ca'
  /** A secret environment variable of a code application (`env-<NAME>`). */
  | `env-${string}`;

export interface HttpProbe {
  kind: 'http';
  path: string;
  port: number;
}
export interface TcpProbe {
  kind: 'tcp';
  port: number;
}
export interface ProbeSpec {
  check: HttpProbe | TcpProbe;
  initialDelaySeconds: number;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
}

export interface ComponentSpec {
  /** Object name of this component (Deployment/StatefulSet, container prefix). */
  name: string;
  /** Full image reference, with tag. */
  image: string;
  /**
   * The registry digest of a built release (`sha256:…`): Kubernetes pulls the image by it
   * (`image@digest`), so the release runs exactly what was built even if its tag is pushed
   * again. Absent for catalogue images (and unused on one host, where builds stay local).
   */
  imageDigest?: string;
  port: number;
  /**
   * Replaces the image's CMD (its ENTRYPOINT stays): Docker's `Cmd`, Kubernetes' `args`. Only
   * an image application sets it (the user's command, issue 30); otherwise the image's own.
   */
  command?: string[];
  env: EnvVar[];
  /** Per pod / container; requests = limits (exact reservation). */
  cpuMilli: number;
  ramMb: number;
  readiness: ProbeSpec;
  liveness: ProbeSpec;
  /**
   * Slow starters (Odoo, Nextcloud): liveness waits until this succeeds once, so a first start
   * that initialises a database is not killed half-way.
   */
  startup?: ProbeSpec;
  /** The component's persistent volume: claim (K8s) or named volume (Docker). */
  volume: { claimName: string; mountPath: string; sizeMb: number; subPath?: string };
  /** Secret keys mounted as files (e.g. Odoo's configuration). */
  secretFiles?: { secretKey: SecretKey; mountPath: string }[];
  /** What the image needs from the kernel; runtimes drop everything else (templates/security.ts). */
  security: SecurityProfile;
}

export interface DatabaseSpec extends ComponentSpec {
  /**
   * A database of an environment its user stopped (issue 25): no container (docker: its volume
   * stays) or pod (Kubernetes: its StatefulSet at 0 replicas, its claim stays) runs.
   */
  stopped?: boolean;
  /** A template's database is PostgreSQL or MariaDB; a database of the environment may be Redis too. */
  engine: DatabaseServiceEngine;
  /** Service name other components reach it by (DNS name in K8s, network alias in Docker). */
  serviceName: string;
  databaseName: string;
  user: string;
  /** Its public endpoint (issue 25 item 2); absent: reachable from its environment only. */
  publicEndpoint?: DatabasePublicEndpoint | null;
}

/**
 * A database's public TCP endpoint: docker publishes `port` on `address` (network guard rules
 * enforce `sources`); Kubernetes a Service of `serviceType` (LoadBalancer: its source ranges;
 * NodePort: `port` as its node port and a NetworkPolicy of `sources`). `targetPort` is the
 * container's port it reaches (Redis: its TLS port).
 */
export interface DatabasePublicEndpoint {
  port: number;
  /** Normalised CIDRs, IPv4 and IPv6, never empty. */
  sources: string[];
  /** DATABASE_PUBLIC_ADDRESS (docker), null when unset. */
  address: string | null;
  /** DATABASE_PUBLIC_SERVICE (Kubernetes), null when off. */
  serviceType: 'LoadBalancer' | 'NodePort' | null;
  targetPort?: number;
}

/**
 * A one-off task run once the database and the application answer: it installs the application
 * with the admin account of the wizard (WordPress's wp-cli, Odoo's database initialisation…)
 * and sets the admin password, so it runs again whenever that password is regenerated (the
 * task's environment carries the password's revision).
 */
export interface SetupJobSpec {
  name: string;
  image: string;
  command: string[];
  env: EnvVar[];
  security: SecurityProfile;
  /** Limits of the task when the default (0.5 core, 256 MB) is too small (Odoo's init). */
  resources?: { cpuMilli: number; ramMb: number };
}

export interface ApplicationSpec {
  deploymentId: string;
  /** The desired-state generation this spec renders (for idempotent applies). */
  generation: number;
  /** Base name of every object of the application (≤ 40 chars). */
  name: string;
  /** Unique DNS label of the application's hostname (`<label>.<APPS_DOMAIN>`, see hostnames.ts). */
  hostLabel: string;
  namespace: string;
  /**
   * The catalogue template, or 'code' for an application built from its repository (issue 13)
   * or running an image the user named (issue 30: `userImage` then says so), or 'database' for
   * a database of the environment (issue 25): then only `database` (and the `setup` task that
   * sets its user's password) runs: no replica, application volume, Service or route.
   */
  template: SaasTemplateId | 'code' | 'database';
  /**
   * Set for an application running any image the user named (issue 30): its image is pulled
   * with these registry credentials (null: anonymously), never with the platform's own
   * registry's, and always pulled again before it runs on one host, so that an image another
   * project pulled there is never run without this project's right to it.
   */
  userImage?: { credentials: RegistryCredentials | null };
  labels: Record<string, string>;
  replicas: number;
  secretName: string;
  /** Secret values by key: passwords, generated configuration. Never logged. */
  secretData: Partial<Record<SecretKey, string>>;
  app: ComponentSpec;
  database: DatabaseSpec | null;
  setup: SetupJobSpec | null;
  service: { name: string; port: number; targetPort: number };
  /** Set when a domain is configured: HTTP routing, with TLS when a certificate is attached. */
  ingress: {
    name: string;
    host: string;
    tls: { secretName: string; certificatePem: string; privateKeyPem: string } | null;
  } | null;
  /**
   * Automatic scaling (issue 28 item 5), when enabled: on Kubernetes a HorizontalPodAutoscaler
   * of the Deployment (manifests/autoscaler.ts); docker and simulation ignore it (the platform's
   * own loop changes the replicas there). null: a policy exists but is off (its HPA is
   * deleted); undefined: the application never had one.
   */
  autoscaling?: AutoscalingSpec | null;
  /**
   * A Compose application (issue 30 item 2): every service of its file, in start order. `app`
   * is then the exposed service (what the edge proxy or the Ingress serves, as for any
   * application) and the runtimes run the stack from here, not from `app`'s single volume.
   */
  stack?: StackSpec;
}

/** A Compose application's services (templates/compose-spec.ts). */
export interface StackSpec {
  services: StackServiceSpec[];
  /** The exposed service's `serviceName`. */
  exposed: string;
  /** Its port, the one the proxy or the Ingress reaches. */
  port: number;
}

/** A Compose healthcheck as Docker takes it (`CMD`/`CMD-SHELL` and its arguments). */
export interface StackHealthcheck {
  test: string[];
  intervalSeconds: number;
  timeoutSeconds: number;
  retries: number;
  startPeriodSeconds: number;
}

export interface StackServiceSpec {
  /** Object name: `<application>-<service>` (container, Deployment or StatefulSet). */
  name: string;
  /** The Compose service name: what the other services resolve (alias, Kubernetes Service). */
  serviceName: string;
  image: string;
  /** Replaces the image's CMD / ENTRYPOINT; null: the image's. */
  command: string[] | null;
  entrypoint: string[] | null;
  /** The file's `environment`, as literal values (the file is stored sealed). */
  env: { name: string; value: string }[];
  cpuMilli: number;
  ramMb: number;
  volumes: { claimName: string; mountPath: string; sizeMb: number; readOnly: boolean }[];
  dependsOn: { serviceName: string; healthy: boolean }[];
  healthcheck: StackHealthcheck | null;
  /** The port its Kubernetes Service forwards (the exposed port, or a detected one); null: none. */
  port: number | null;
  user: string | null;
  workingDir: string | null;
  security: SecurityProfile;
  /**
   * The project's credentials for this image's registry (null or absent: pulled anonymously);
   * never used for an operator's IMAGE_OVERRIDES copy.
   */
  pullCredentials?: RegistryCredentials | null;
  /**
   * The operator's IMAGE_OVERRIDES replaced the file's image with this host's copy: pulled only
   * when absent, like catalogue images; the user's own images are pulled again at every apply.
   */
  operatorImage?: boolean;
  /**
   * The platform built this image from the application's repository (a Compose `build:`): it
   * is this application's own, pulled with the platform registry's credentials (Kubernetes) or
   * found in the host's store where it was built (docker), never with the project's.
   */
  platformBuilt?: boolean;
}

/** A registry's credentials in clear (never logged): `registry` is its host (`ghcr.io`). */
export interface RegistryCredentials {
  registry: string;
  username: string;
  password: string;
}

export interface AutoscalingSpec {
  minReplicas: number;
  maxReplicas: number;
  /** Percent of one replica's request (= its limit here), averaged over the replicas. */
  cpuTargetPercent: number;
  memoryTargetPercent: number | null;
}

/**
 * What an environment is to a runtime: a namespace (K8s) or a network (Docker) with a quota:
 * the project's, or on Kubernetes this environment's share of it (engine/quota/quota-shares.ts).
 */
export interface EnvironmentSpec {
  environmentId: string;
  projectId: string;
  namespace: string;
  labels: Record<string, string>;
  quota: { cpuMilli: number; ramMb: number; storageMb: number };
}

/** How a driver finds an application's runtime objects. */
export interface ApplicationRef {
  deploymentId: string;
  name: string;
  namespace: string;
  /** The replicas the applied spec asks for, when the caller knows it (drift detection). */
  replicas?: number;
  /** A database of an environment its user stopped: nothing of it running is its right state. */
  stopped?: boolean;
  /**
   * A Compose application's services, when the caller wants its usage per service (the metrics
   * history): their Compose names and the exposed one (whose pods are the application's own).
   */
  stackServices?: StackRef;
}

export interface StackRef {
  services: string[];
  exposed: string;
}

export const LABELS = {
  managedBy: 'app.kubernetes.io/managed-by',
  name: 'app.kubernetes.io/name',
  instance: 'app.kubernetes.io/instance',
  component: 'app.kubernetes.io/component',
  deploymentId: 'nuagedeploy.io/deployment-id',
  environmentId: 'nuagedeploy.io/environment-id',
  projectId: 'nuagedeploy.io/project-id',
} as const;

export const MANAGED_BY = 'nuagedeploy';
