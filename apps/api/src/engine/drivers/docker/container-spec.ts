import { createHmac } from 'node:crypto';
import { RuntimeRejectedError } from '../../driver';
import { DOCKER_LABELS, replicaName, type ComponentKind } from './labels';
import {
  LABELS,
  type ApplicationSpec,
  type ComponentSpec,
  type EnvVar,
  type HttpProbe,
  type TcpProbe,
} from '../../spec';

/**
 * ApplicationSpec → Engine API container bodies. Pure functions: what the engine is asked to
 * create is decided here and nowhere else, so the injection tests can check it without an
 * engine. User input (site title, e-mails, passwords, domains) only ever becomes an `Env`
 * value; names, commands and mounts come from the platform.
 */

/** The parts of a container that carry no secret: stored on the container as a label. */
export interface ContainerTemplate {
  image: string;
  port: number | null;
  cpuMilli: number;
  ramMb: number;
  envNames: string[];
  mounts: { volume: string; target: string }[];
  network: string;
  aliases: string[];
  secretFiles: string[];
  probe: ((HttpProbe | TcpProbe) & { timeoutSeconds: number }) | null;
  cmd: string[] | null;
  restart: 'unless-stopped' | 'no';
  /** Kernel capabilities kept (templates/security.ts); every other one is dropped. */
  capabilities: string[];
  pidsLimit: number;
}

export interface SecretFile {
  path: string;
  content: string;
  /** Files behind `*_FILE` variables are read by the image's unprivileged user (0444). */
  mode?: number;
}

/** Where `NAME_FILE` points for a secret variable NAME: inside the container only. */
export const SECRET_DIR = '/run/secrets/nuagedeploy';

/**
 * Process limits: Apache's prefork workers and PHP, MariaDB's threads, wp-cli. Generous for
 * the workload, small enough that a fork bomb in one application cannot exhaust the host.
 */
const PIDS_LIMIT = { application: 1024, database: 512, setup: 128 } as const;

/** json-file logs rotate: at most 3 × 10 MB per container. */
export const LOG_CONFIG = { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '3' } };

/** Everything needed to create (or compare) one container. */
export interface ContainerPlan {
  name: string;
  kind: ComponentKind;
  template: ContainerTemplate;
  env: string[];
  secretFiles: SecretFile[];
  labels: Record<string, string>;
  hash: string;
}

/** Container names: lower-case DNS-ish, what Docker and Podman both accept. */
const CONTAINER_NAME = /^[a-z0-9][a-z0-9.-]{0,127}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/;
const ABSOLUTE_PATH = /^\/[^\0:]*$/;

function check(ok: boolean, message: string): void {
  if (!ok) throw new RuntimeRejectedError(message);
}

export function checkImageRef(image: string): void {
  check(IMAGE_REF.test(image), `invalid image reference: ${JSON.stringify(image)}`);
}

/**
 * The secret variables the images' entrypoints read from `NAME_FILE` (the `file_env` of the
 * WordPress, MariaDB, PostgreSQL, Joomla, Nextcloud and Matomo entrypoints, Odoo's PASSWORD_FILE).
 */
export const IMAGE_FILE_VARIABLES: ReadonlySet<string> = new Set([
  'WORDPRESS_DB_PASSWORD',
  'MARIADB_ROOT_PASSWORD',
  'MARIADB_PASSWORD',
  'POSTGRES_PASSWORD',
  'PASSWORD',
  'JOOMLA_DB_PASSWORD',
  'NEXTCLOUD_ADMIN_PASSWORD',
  'MATOMO_DATABASE_PASSWORD',
]);

/**
 * Setup tasks replace the image's command, and an entrypoint only exports what it read from a
 * file for its own server: the WordPress setup reads its files itself (its command the admin
 * password, wp-config.php's getenv_docker the database password).
 */
export const SETUP_FILE_VARIABLES: ReadonlySet<string> = new Set([
  'WP_ADMIN_PASSWORD',
  'WORDPRESS_DB_PASSWORD',
]);

/**
 * Secret variables become files: `NAME_FILE=/run/secrets/nuagedeploy/NAME`, the value in that
 * file (written into the container before it starts, secret-files.ts), so that `docker
 * inspect`, which anyone with the socket can run, shows no secret. Only for the variables the
 * container reads from a file (`fromFile`): Drupal's settings (DRUPAL_DB_PASSWORD,
 * DRUPAL_HASH_SALT) and the Odoo, Joomla, Drupal and Nextcloud setup scripts read plain
 * variables, which stay in the environment until those commands read files too.
 */
export function resolveSecretEnv(
  env: EnvVar[],
  secretData: ApplicationSpec['secretData'],
  fromFile: ReadonlySet<string> = IMAGE_FILE_VARIABLES,
): { env: string[]; files: SecretFile[] } {
  const asFile = (v: EnvVar) => 'secretKey' in v && fromFile.has(v.name);
  const files: SecretFile[] = [];
  const names: string[] = [];
  for (const v of env.filter(asFile)) {
    const [entry] = resolveEnv([v], secretData);
    const path = `${SECRET_DIR}/${v.name}`;
    names.push(`${v.name}_FILE=${path}`);
    files.push({ path, content: entry!.slice(v.name.length + 1), mode: 0o444 });
  }
  return {
    env: [
      ...resolveEnv(
        env.filter((v) => !asFile(v)),
        secretData,
      ),
      ...names,
    ],
    files,
  };
}

/** EnvVar[] → `NAME=value`; secret values come from spec.secretData, never from a command. */
export function resolveEnv(env: EnvVar[], secretData: ApplicationSpec['secretData']): string[] {
  return env.map((v) => {
    check(ENV_NAME.test(v.name), `invalid environment variable name: ${JSON.stringify(v.name)}`);
    const value = 'value' in v ? v.value : secretData[v.secretKey];
    check(value !== undefined, `secret key ${'secretKey' in v ? v.secretKey : ''} is missing`);
    // execve cannot carry NUL: refuse rather than let the engine cut the value silently.
    check(!value!.includes('\0'), `environment variable ${v.name} contains a NUL character`);
    return `${v.name}=${value}`;
  });
}

/**
 * Keyed (HMAC-SHA256 with the server's hash key): the hash covers secret contents, and a plain
 * digest in a label would let anyone who can read labels test password guesses offline.
 */
function hashOf(key: Buffer, parts: unknown): string {
  return createHmac('sha256', key).update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

function plan(
  key: Buffer,
  name: string,
  kind: ComponentKind,
  template: ContainerTemplate,
  env: string[],
  secretFiles: SecretFile[],
  baseLabels: Record<string, string>,
  namespace: string,
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
export function applicationPlan(spec: ApplicationSpec, key: Buffer): ContainerPlan {
  const plan = componentPlan(key, spec, spec.app, 'application', [spec.service.name]);
  // Not in the hash: a label, not a property of the container's behaviour.
  return { ...plan, labels: { ...plan.labels, [DOCKER_LABELS.hostLabel]: spec.hostLabel } };
}

function componentPlan(
  key: Buffer,
  spec: ApplicationSpec,
  c: ComponentSpec,
  kind: 'application' | 'database',
  aliases: string[],
): ContainerPlan {
  const { env, files } = resolveSecretEnv(c.env, spec.secretData);
  const secretFiles = [...secretFilesOf(c, spec), ...files];
  const envNames = env.map((e) => e.slice(0, e.indexOf('=')));
  const template = componentTemplate(c, kind, spec.namespace, aliases, envNames, secretFiles);
  return plan(key, c.name, kind, template, env, secretFiles, spec.labels, spec.namespace);
}

export function replicaPlan(base: ContainerPlan, index: number, slot: 0 | 1 = 0): ContainerPlan {
  return {
    ...base,
    name: replicaName(base.name, index, slot),
    labels: { ...base.labels, [DOCKER_LABELS.replica]: String(index) },
  };
}

export function databasePlan(spec: ApplicationSpec, key: Buffer): ContainerPlan | null {
  const db = spec.database;
  if (!db) return null;
  return componentPlan(key, spec, db, 'database', [db.serviceName]);
}

/**
 * Limits of the one-off setup task: fixed, so that resizing the application does not make
 * the task look changed and run again (wp-cli needs well under this).
 */
const SETUP_LIMITS = { cpuMilli: 500, ramMb: 256 };

/** The one-off setup task: it sees the application's files (wp-cli reads wp-config.php). */
export function setupPlan(spec: ApplicationSpec, key: Buffer): ContainerPlan | null {
  const job = spec.setup;
  if (!job) return null;
  check(job.command.length > 0, 'the setup command is empty');
  const { env, files } = resolveSecretEnv(job.env, spec.secretData, SETUP_FILE_VARIABLES);
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
    cmd: job.command,
    restart: 'no',
    capabilities: [...job.security.capabilities],
    pidsLimit: PIDS_LIMIT.setup,
  };
  return plan(key, job.name, 'setup', template, env, files, spec.labels, spec.namespace);
}

/** POST /containers/create body. Cmd stays the image's unless the template sets an argv. */
export function createBody(p: ContainerPlan): Record<string, unknown> {
  const t = p.template;
  const portKey = t.port === null ? null : `${t.port}/tcp`;
  return {
    Image: t.image,
    Env: p.env,
    Labels: p.labels,
    ...(t.cmd ? { Cmd: t.cmd } : {}),
    ...(portKey ? { ExposedPorts: { [portKey]: {} } } : {}),
    HostConfig: {
      NanoCpus: t.cpuMilli * 1_000_000,
      Memory: t.ramMb * 1_000_000,
      // No swap beyond the memory limit: a limit that swaps is no limit on a shared host.
      MemorySwap: t.ramMb * 1_000_000,
      PidsLimit: t.pidsLimit,
      LogConfig: LOG_CONFIG,
      // Entrypoints switch users with setuid() (CAP_SETUID), never through setuid binaries.
      SecurityOpt: ['no-new-privileges'],
      CapDrop: ['ALL'],
      CapAdd: t.capabilities ?? [],
      RestartPolicy: { Name: t.restart },
      // An ephemeral port on loopback only: the balancer (and probes) reach replicas there.
      ...(portKey ? { PortBindings: { [portKey]: [{ HostIp: '127.0.0.1', HostPort: '' }] } } : {}),
      Mounts: t.mounts.map((m) => ({ Type: 'volume', Source: m.volume, Target: m.target })),
      NetworkMode: t.network,
    },
    NetworkingConfig: {
      EndpointsConfig: { [t.network]: t.aliases.length ? { Aliases: t.aliases } : {} },
    },
  };
}

export function parseTemplate(labels: Record<string, string> | null): ContainerTemplate | null {
  const raw = labels?.[DOCKER_LABELS.template];
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ContainerTemplate;
  } catch {
    return null;
  }
}
