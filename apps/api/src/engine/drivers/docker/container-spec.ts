import { createHmac } from 'node:crypto';
import { DOCKER_LABELS, replicaName, type ComponentKind } from './labels';
import {
  LABELS,
  type ApplicationSpec,
  type ComponentSpec,
  type HttpProbe,
  type TcpProbe,
} from '../../spec';
import { resolveSecretEnv, SETUP_FILE_VARIABLES } from './secret-env';
import type { SecretFile } from './secret-loader';
import { fileVariables, loaderCommand, runConfig, type ImageRunConfigs } from './secret-plan';
import { ABSOLUTE_PATH, check, checkImageRef, CONTAINER_NAME } from './spec-checks';

/**
 * ApplicationSpec → the plan of each container (container-create-body.ts turns a plan into the
 * Engine API's body). Pure functions: what the engine is asked to create is decided here and
 * nowhere else, so the injection tests can check it without an engine. User input (site title,
 * e-mails, passwords, domains) only ever becomes an `Env` value (secret-env.ts); names,
 * commands and mounts come from the platform. Secret values only ever become files
 * (secret-env.ts, secret-loader.ts): the plan's `env` and labels carry none.
 */

export { loaderImages, type ImageRunConfigs } from './secret-plan';

/** The parts of a container that carry no secret: stored on the container as a label. */
export interface ContainerTemplate {
  image: string;
  port: number | null;
  cpuMilli: number;
  ramMb: number;
  envNames: string[];
  mounts: { volume: string; target: string; readOnly?: boolean }[];
  network: string;
  aliases: string[];
  secretFiles: string[];
  probe: ((HttpProbe | TcpProbe) & { timeoutSeconds: number }) | null;
  /** The loader (secret-loader.ts) when secrets are exported by it; null: the image's. */
  entrypoint: string[] | null;
  cmd: string[] | null;
  restart: 'unless-stopped' | 'no';
  /** Kernel capabilities kept (templates/security.ts); every other one is dropped. */
  capabilities: string[];
  pidsLimit: number;
  /**
   * A Compose service's own healthcheck (issue 30 item 2), run by the platform through the
   * Engine's exec (stack.ts): Podman runs an image's healthchecks only under systemd.
   */
  healthcheck?: { test: string[]; timeoutSeconds: number } | null;
  /** A Compose service's `user` and `working_dir`; absent: the image's. */
  user?: string | null;
  workingDir?: string | null;
  /**
   * A database's public endpoint (issue 25 item 2): `containerPort` published on
   * `address:hostPort`; `sources` are what the network guard lets reach it (guard/
   * public-endpoint-rules.ts reads them from this label). In the hash: a changed allow-list
   * recreates the container, so the rules always follow what the engine runs.
   */
  publish?: PublishedPort | null;
}

export interface PublishedPort {
  address: string;
  hostPort: number;
  containerPort: number;
  sources: string[];
}

/**
 * Process limits: Apache's prefork workers and PHP, MariaDB's threads, wp-cli. Generous for
 * the workload, small enough that a fork bomb in one application cannot exhaust the host.
 */
const PIDS_LIMIT = { application: 1024, database: 512, setup: 128, service: 1024 } as const;
export const SERVICE_PIDS_LIMIT = PIDS_LIMIT.service;

/** Everything needed to create (or compare) one container. */
export interface ContainerPlan {
  name: string;
  kind: ComponentKind;
  template: ContainerTemplate;
  env: string[];
  secretFiles: SecretFile[];
  labels: Record<string, string>;
  hash: string;
  /** Names of secret variables left in `env`: the image has no /bin/sh (reported, README). */
  exposedSecrets: string[];
}

/**
 * Keyed (HMAC-SHA256 with the server's hash key): the hash covers secret contents, and a plain
 * digest in a label would let anyone who can read labels test password guesses offline.
 */
function hashOf(key: Buffer, parts: unknown): string {
  return createHmac('sha256', key).update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

export function plan(
  key: Buffer,
  name: string,
  kind: ComponentKind,
  template: ContainerTemplate,
  env: string[],
  secretFiles: SecretFile[],
  baseLabels: Record<string, string>,
  namespace: string,
  exposedSecrets: string[] = [],
): ContainerPlan {
  check(CONTAINER_NAME.test(name), `invalid container name: ${JSON.stringify(name)}`);
  checkImageRef(template.image);
  for (const m of template.mounts) {
    check(CONTAINER_NAME.test(m.volume), `invalid volume name: ${JSON.stringify(m.volume)}`);
    check(ABSOLUTE_PATH.test(m.target), `invalid mount path: ${JSON.stringify(m.target)}`);
  }
  for (const f of secretFiles) {
    check(ABSOLUTE_PATH.test(f.path), `invalid secret file path: ${JSON.stringify(f.path)}`);
  }
  const labels = {
    ...baseLabels,
    [LABELS.component]: kind,
    [DOCKER_LABELS.namespace]: namespace,
    [DOCKER_LABELS.template]: JSON.stringify(template),
  };
  // The hash covers every input, secret contents included, so any change recreates the container.
  const hash = hashOf(key, { template, env, secretFiles, labels });
  return {
    name,
    kind,
    template,
    env,
    secretFiles,
    labels: { ...labels, [DOCKER_LABELS.specHash]: hash },
    hash,
    exposedSecrets,
  };
}

function componentTemplate(
  c: ComponentSpec,
  kind: 'application' | 'database',
  network: string,
  aliases: string[],
  envNames: string[],
  secretFiles: SecretFile[],
): ContainerTemplate {
  return {
    image: c.image,
    port: c.port,
    cpuMilli: c.cpuMilli,
    ramMb: c.ramMb,
    envNames,
    // Named volumes start empty, so the K8s subPath (kept off a non-empty ext4 root) is not needed.
    mounts: [{ volume: c.volume.claimName, target: c.volume.mountPath }],
    network,
    aliases,
    secretFiles: secretFiles.map((f) => f.path),
    probe: { ...c.readiness.check, timeoutSeconds: c.readiness.timeoutSeconds },
    entrypoint: null,
    cmd: null,
    restart: 'unless-stopped',
    capabilities: [...c.security.capabilities],
    pidsLimit: PIDS_LIMIT[kind],
  };
}

function secretFilesOf(c: ComponentSpec, spec: ApplicationSpec): SecretFile[] {
  return (c.secretFiles ?? []).map((f) => {
    const content = spec.secretData[f.secretKey];
    check(content !== undefined, `secret key ${f.secretKey} is missing`);
    return { path: f.mountPath, content: content! };
  });
}

/** The application's replica plan: identical for every replica (the index is a label). */
export function applicationPlan(
  spec: ApplicationSpec,
  key: Buffer,
  images: ImageRunConfigs,
): ContainerPlan {
  const plan = componentPlan(key, spec, spec.app, 'application', [spec.service.name], images);
  // Not in the hash: a label, not a property of the container's behaviour.
  return { ...plan, labels: { ...plan.labels, [DOCKER_LABELS.hostLabel]: spec.hostLabel } };
}

function componentPlan(
  key: Buffer,
  spec: ApplicationSpec,
  c: ComponentSpec,
  kind: 'application' | 'database',
  aliases: string[],
  images: ImageRunConfigs,
  extra: Partial<ContainerTemplate> = {},
): ContainerPlan {
  const fromFile = fileVariables(spec, kind);
  const run = runConfig(images, c.image, c.env, fromFile);
  const secret = resolveSecretEnv(c.env, spec.secretData, { fromFile, shell: run?.hasShell });
  const { env, files } = secret;
  const secretFiles = [...secretFilesOf(c, spec), ...files];
  const envNames = env.map((e) => e.slice(0, e.indexOf('=')));
  const template = {
    ...componentTemplate(c, kind, spec.namespace, aliases, envNames, secretFiles),
    // The user's command (an image application's) replaces the image's CMD, as `docker run` does.
    ...loaderCommand(secret, run, c.command ?? null),
    ...extra,
  };
  const { labels, namespace } = spec;
  return plan(key, c.name, kind, template, env, secretFiles, labels, namespace, secret.exposed);
}

export function replicaPlan(base: ContainerPlan, index: number, slot: 0 | 1 = 0): ContainerPlan {
  return {
    ...base,
    name: replicaName(base.name, index, slot),
    labels: { ...base.labels, [DOCKER_LABELS.replica]: String(index) },
  };
}

export function databasePlan(
  spec: ApplicationSpec,
  key: Buffer,
  images: ImageRunConfigs,
): ContainerPlan | null {
  const db = spec.database;
  if (!db) return null;
  const p = db.publicEndpoint;
  // Docker publishes on DATABASE_PUBLIC_ADDRESS only (none: the operator turned it off).
  const publish: PublishedPort | null =
    p?.address && p.targetPort
      ? { address: p.address, hostPort: p.port, containerPort: p.targetPort, sources: p.sources }
      : null;
  return componentPlan(key, spec, db, 'database', [db.serviceName], images, {
    ...(publish ? { publish } : {}),
  });
}

/**
 * Limits of the one-off setup task: fixed, so that resizing the application does not make
 * the task look changed and run again (wp-cli needs well under this).
 */
const SETUP_LIMITS = { cpuMilli: 500, ramMb: 256 };

/** The one-off setup task: it sees the application's files (wp-cli reads wp-config.php). */
export function setupPlan(
  spec: ApplicationSpec,
  key: Buffer,
  images: ImageRunConfigs,
): ContainerPlan | null {
  const job = spec.setup;
  if (!job) return null;
  check(job.command.length > 0, 'the setup command is empty');
  const run = runConfig(images, job.image, job.env, SETUP_FILE_VARIABLES);
  const secret = resolveSecretEnv(job.env, spec.secretData, {
    fromFile: SETUP_FILE_VARIABLES,
    shell: run?.hasShell,
  });
  const { env, files } = secret;
  const template: ContainerTemplate = {
    image: job.image,
    port: null,
    ...(job.resources ?? SETUP_LIMITS),
    envNames: env.map((e) => e.slice(0, e.indexOf('='))),
    mounts: [{ volume: spec.app.volume.claimName, target: spec.app.volume.mountPath }],
    network: spec.namespace,
    aliases: [],
    secretFiles: files.map((f) => f.path),
    probe: null,
    ...loaderCommand(secret, run, job.command),
    restart: 'no',
    capabilities: [...job.security.capabilities],
    pidsLimit: PIDS_LIMIT.setup,
  };
  const { labels, namespace } = spec;
  return plan(key, job.name, 'setup', template, env, files, labels, namespace, secret.exposed);
}

/** The template a container was created from (its label), null on a container without one. */
export function parseTemplate(labels: Record<string, string> | null): ContainerTemplate | null {
  const raw = labels?.[DOCKER_LABELS.template];
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ContainerTemplate;
  } catch {
    return null;
  }
}
