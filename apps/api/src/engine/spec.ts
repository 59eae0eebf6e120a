import type { DatabaseEngine, SaasTemplateId } from '@nuage/shared/catalog';
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
  engine: DatabaseEngine;
  /** Service name other components reach it by (DNS name in K8s, network alias in Docker). */
  serviceName: string;
  databaseName: string;
  user: string;
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
   * or running an image the user named (issue 30: `userImage` then says so).
   */
  template: SaasTemplateId | 'code';
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
