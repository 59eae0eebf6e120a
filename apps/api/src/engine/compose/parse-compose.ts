import { parseImageReference } from '@nuage/shared/image-reference';
import { composeTexts as t } from '@nuage/shared/messages/compose';
import { isDataPath } from '@nuage/shared/schemas/image-deploy';
import { COMPOSE_SERVICE_NAME } from '@nuage/shared/schemas/compose-deploy';
import { parseDocument } from 'yaml';
import { buildSectionOf, type ComposeBuild } from './build-section';
import { codeSecurity } from '../templates/code-spec';
import { composeSchemaErrors } from './compose-schema';
import {
  type ComposeHealthcheck,
  argsOf,
  cpusOf,
  environmentOf,
  healthcheckOf,
  megabytesOf,
  volumeEntry,
} from './compose-values';

/**
 * A pasted docker-compose.yml → the stack the platform runs, or every reason it refuses it
 * (issue 30 item 2). The file is parsed with `yaml`, checked against the Compose
 * specification's schema, then against what a tenant may do: no privilege, no host path, no
 * host namespace or network, no device, no capability beyond the templates' list, no port bound
 * on the host (the edge proxy serves the one exposed service), nothing external. `build:` only
 * in a file read from the application's Git repository (build-section.ts): the platform builds
 * those services at each commit and runs the file with their images (resolve-builds.ts).
 * Everything that is not read into `ComposeStack` is never given to a runtime.
 */

export type { ComposeHealthcheck };

/** One service as the runtimes run it. */
export interface ComposeService {
  name: string;
  /** '' for a service the platform builds (`build`), until the build gives it its image. */
  image: string;
  /** Its `build:` section (a file from a repository only); null: it runs `image`. */
  build: ComposeBuild | null;
  /** Replaces the image's CMD (Docker `Cmd`, Kubernetes `args`); null: the image's. */
  command: string[] | null;
  /** Replaces the image's ENTRYPOINT (Docker `Entrypoint`, Kubernetes `command`); null: the image's. */
  entrypoint: string[] | null;
  environment: { name: string; value: string }[];
  /** `deploy.resources.limits`, else the default size; thousandths of a core / MB. */
  cpuMilli: number;
  ramMb: number;
  /** Whether the file gave the limits (else the default size was applied). */
  limited: boolean;
  /** Named volumes only. */
  volumes: { volume: string; target: string; readOnly: boolean }[];
  dependsOn: { service: string; healthy: boolean }[];
  /** The file's healthcheck, as Docker takes it; null: none (or `disable: true`). */
  healthcheck: ComposeHealthcheck | null;
  /** Capabilities kept: the templates' list less `cap_drop`. */
  capabilities: string[];
  user: string | null;
  workingDir: string | null;
}

export interface ComposeStack {
  /** In start order: every service after those it depends on. */
  services: ComposeService[];
  /** Named volumes, sized (MB, 1 GB = 1000) and counted in the project's storage quota. */
  volumes: { name: string; sizeMb: number }[];
}

export type ComposeParse = { ok: true; stack: ComposeStack } | { ok: false; problems: string[] };

/** A service without `deploy.resources.limits` gets this (0.5 core, 512 MB). */
export const DEFAULT_SERVICE_SIZE = { cpuMilli: 500, ramMb: 512 } as const;
/** A named volume without `x-taille` is 1 GB. */
export const DEFAULT_VOLUME_MB = 1000;
export const MAX_COMPOSE_BYTES = 64 * 1024;
export const MAX_SERVICES = 20;

const SERVICE_NAME = COMPOSE_SERVICE_NAME;
/** What Docker and Kubernetes both take as a variable's name. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
const VOLUME_NAME = /^[a-z0-9][a-z0-9_.-]{0,62}$/i;
const ALLOWED_CAPABILITIES: readonly string[] = codeSecurity.capabilities;

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function schemaProblem(e: { instancePath: string; message?: string; params: unknown }): string {
  const path = e.instancePath.split('/').filter(Boolean).join('.');
  const extra =
    isMapping(e.params) && typeof e.params.additionalProperty === 'string'
      ? t.unknownKey(e.params.additionalProperty)
      : (e.message ?? '');
  return t.schemaInvalid(path, extra);
}

/** Every service after the ones it depends on; null when they form a cycle. */
function startOrder(services: Map<string, { dependsOn: { service: string }[] }>): string[] | null {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): boolean => {
    const s = state.get(name);
    if (s === 'done') return true;
    if (s === 'visiting') return false;
    state.set(name, 'visiting');
    for (const d of services.get(name)?.dependsOn ?? []) if (!visit(d.service)) return false;
    state.set(name, 'done');
    order.push(name);
    return true;
  };
  for (const name of [...services.keys()].sort()) if (!visit(name)) return null;
  return order;
}

function checkService(
  name: string,
  s: Mapping,
  declaredVolumes: Set<string>,
  problems: string[],
  opts: ParseOptions,
): ComposeService {
  if (!SERVICE_NAME.test(name)) problems.push(t.serviceNameInvalid(name));
  let build: ComposeBuild | null = null;
  if (s.build !== undefined) {
    if (opts.buildsFrom === undefined) problems.push(t.build(name));
    else build = buildSectionOf(name, s.build, opts.buildsFrom, problems);
  }
  // A built service's `image` only names the build in Compose: the platform's image replaces it.
  const image =
    build || s.build !== undefined ? '' : typeof s.image === 'string' ? s.image.trim() : '';
  if (!image) {
    if (s.build === undefined) problems.push(t.imageRequired(name));
  } else if (image.includes('@') || !parseImageReference(image)) {
    problems.push(t.imageInvalid(name));
  }
  if (s.privileged === true) problems.push(t.privileged(name));
  if (s.network_mode === 'host') problems.push(t.networkModeHost(name));
  else if (s.network_mode !== undefined) problems.push(t.networkMode(name));
  for (const key of ['pid', 'ipc', 'uts', 'userns_mode', 'cgroup']) {
    if (s[key] === 'host') problems.push(t.hostNamespace(name, key));
  }
  if (s.devices !== undefined) problems.push(t.devices(name));
  if (s.device_cgroup_rules !== undefined) problems.push(t.devices(name));
  for (const cap of Array.isArray(s.cap_add) ? s.cap_add.map(String) : []) {
    const bare = cap.toUpperCase().replace(/^CAP_/, '');
    if (!ALLOWED_CAPABILITIES.includes(bare)) {
      problems.push(t.capAdd(name, cap, ALLOWED_CAPABILITIES.join(', ')));
    }
  }
  if (s.ports !== undefined) problems.push(t.ports(name));
  if (isMapping(s.extends)) {
    problems.push(s.extends.file !== undefined ? t.extendsFile(name) : t.extendsRefused(name));
  } else if (s.extends !== undefined) {
    problems.push(t.extendsRefused(name));
  }
  if (s.security_opt !== undefined) problems.push(t.securityOpt(name));
  if (s.sysctls !== undefined) problems.push(t.sysctls(name));
  if (s.env_file !== undefined) problems.push(t.envFile(name));
  for (const key of ['configs', 'secrets']) {
    if (s[key] !== undefined) problems.push(t.fileReference(name, key));
  }
  if (s.volumes_from !== undefined) problems.push(t.volumesFrom(name));

  const volumes: ComposeService['volumes'] = [];
  for (const raw of Array.isArray(s.volumes) ? s.volumes : []) {
    const v = volumeEntry(raw);
    if (!v) continue;
    if (v.type === 'bind') {
      problems.push(t.hostPath(name, v.source ?? ''));
    } else if (v.type !== 'volume') {
      problems.push(t.volumeType(name, v.type));
    } else if (!v.source) {
      // An anonymous volume: Docker would make a new, unsized one; a named one is needed.
      problems.push(t.volumeUndeclared(name, v.target));
    } else if (!declaredVolumes.has(v.source)) {
      problems.push(t.volumeUndeclared(name, v.source));
    } else if (!isDataPath(v.target)) {
      problems.push(t.volumeTarget(name, v.target));
    } else {
      volumes.push({ volume: v.source, target: v.target, readOnly: v.readOnly });
    }
  }

  const dependsOn: ComposeService['dependsOn'] = [];
  if (Array.isArray(s.depends_on)) {
    for (const d of s.depends_on) dependsOn.push({ service: String(d), healthy: false });
  } else if (isMapping(s.depends_on)) {
    for (const [other, cond] of Object.entries(s.depends_on)) {
      const healthy = isMapping(cond) && cond.condition === 'service_healthy';
      dependsOn.push({ service: other, healthy });
    }
  }

  const deploy = isMapping(s.deploy) ? s.deploy : {};
  if (typeof deploy.replicas === 'number' && deploy.replicas !== 1) problems.push(t.replicas(name));
  const resources = isMapping(deploy.resources) ? deploy.resources : {};
  const limits = isMapping(resources.limits) ? resources.limits : {};
  let cpuMilli: number = DEFAULT_SERVICE_SIZE.cpuMilli;
  let ramMb: number = DEFAULT_SERVICE_SIZE.ramMb;
  if (limits.cpus !== undefined) {
    const c = cpusOf(limits.cpus);
    if (c === null) problems.push(t.cpusInvalid(name));
    else cpuMilli = c;
  }
  if (limits.memory !== undefined) {
    const m = megabytesOf(limits.memory);
    if (m === null) problems.push(t.memoryInvalid(name));
    else ramMb = m;
  }

  const environment = environmentOf(s.environment);
  for (const v of environment) {
    if (!ENV_NAME.test(v.name)) problems.push(t.envNameInvalid(name, v.name));
  }
  const healthcheck = healthcheckOf(s.healthcheck);
  if (healthcheck === 'invalid') problems.push(t.healthcheckInvalid(name));
  const drop = new Set(
    (Array.isArray(s.cap_drop) ? s.cap_drop.map(String) : []).map((c) =>
      c.toUpperCase().replace(/^CAP_/, ''),
    ),
  );
  return {
    name,
    image,
    build,
    command: argsOf(s.command),
    entrypoint: argsOf(s.entrypoint),
    environment,
    cpuMilli,
    ramMb,
    limited: limits.cpus !== undefined || limits.memory !== undefined,
    volumes,
    dependsOn,
    healthcheck: healthcheck === 'invalid' ? null : healthcheck,
    capabilities: drop.has('ALL') ? [] : ALLOWED_CAPABILITIES.filter((c) => !drop.has(c)),
    user: typeof s.user === 'string' || typeof s.user === 'number' ? String(s.user) : null,
    workingDir: typeof s.working_dir === 'string' ? s.working_dir : null,
  };
}

export interface ParseOptions {
  /**
   * The file comes from a Git repository, at this directory of it ('' for its root): its
   * services may have `build:`, whose contexts are read relative to it. Absent: a pasted or
   * resolved file, where `build:` is refused.
   */
  buildsFrom?: string;
}

/** Parses and checks a Compose file: the stack, or every problem in French. */
export function parseCompose(text: string, opts: ParseOptions = {}): ComposeParse {
  if (!text.trim()) return { ok: false, problems: [t.fileRequired] };
  if (Buffer.byteLength(text) > MAX_COMPOSE_BYTES) return { ok: false, problems: [t.fileTooLarge] };
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    return { ok: false, problems: [t.yamlInvalid(e.linePos?.[0]?.line ?? null, e.message)] };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  if (!isMapping(data)) return { ok: false, problems: [t.notAMapping] };
  const schemaErrors = composeSchemaErrors(data);
  if (schemaErrors.length > 0) {
    return { ok: false, problems: [...new Set(schemaErrors.slice(0, 10).map(schemaProblem))] };
  }

  const problems: string[] = [];
  if (data.include !== undefined) problems.push(t.include);
  for (const [network, def] of Object.entries(isMapping(data.networks) ? data.networks : {})) {
    if (isMapping(def) && def.external !== undefined && def.external !== false) {
      problems.push(t.externalNetwork(network));
    }
  }
  const volumeSizes: ComposeStack['volumes'] = [];
  for (const [volume, def] of Object.entries(isMapping(data.volumes) ? data.volumes : {})) {
    const d = isMapping(def) ? def : {};
    if (!VOLUME_NAME.test(volume)) problems.push(t.volumeSizeInvalid(volume));
    if (d.external !== undefined && d.external !== false) problems.push(t.externalVolume(volume));
    if (d.driver_opts !== undefined || (d.driver !== undefined && d.driver !== 'local')) {
      problems.push(t.volumeDriver(volume));
    }
    const size = d['x-taille'] === undefined ? DEFAULT_VOLUME_MB : megabytesOf(d['x-taille']);
    if (size === null) problems.push(t.volumeSizeInvalid(volume));
    volumeSizes.push({ name: volume, sizeMb: size ?? DEFAULT_VOLUME_MB });
  }

  const raw = isMapping(data.services) ? data.services : {};
  const names = Object.keys(raw);
  if (names.length === 0) return { ok: false, problems: [...problems, t.noServices] };
  if (names.length > MAX_SERVICES)
    return { ok: false, problems: [t.tooManyServices(MAX_SERVICES)] };
  const declared = new Set(volumeSizes.map((v) => v.name));
  const services = new Map<string, ComposeService>();
  for (const name of names) {
    const s = raw[name];
    services.set(name, checkService(name, isMapping(s) ? s : {}, declared, problems, opts));
  }
  for (const s of services.values()) {
    for (const d of s.dependsOn) {
      const other = services.get(d.service);
      if (!other) problems.push(t.dependsOnUnknown(s.name, d.service));
      else if (d.healthy && !other.healthcheck) {
        problems.push(t.healthyWithoutHealthcheck(s.name, d.service));
      }
    }
  }
  const order = problems.length === 0 ? startOrder(services) : null;
  if (problems.length === 0 && !order) {
    problems.push(t.dependsOnCycle(names.find((n) => services.get(n)!.dependsOn.length > 0)!));
  }
  if (problems.length > 0 || !order) return { ok: false, problems };
  // Volumes no service mounts reserve nothing.
  const used = new Set([...services.values()].flatMap((s) => s.volumes.map((v) => v.volume)));
  return {
    ok: true,
    stack: {
      services: order.map((n) => services.get(n)!),
      volumes: volumeSizes.filter((v) => used.has(v.name)),
    },
  };
}

/** What a stack reserves: the sum of its services' limits and of its volumes' sizes. */
export function stackReservation(stack: ComposeStack): {
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
} {
  return {
    cpuMilli: stack.services.reduce((n, s) => n + s.cpuMilli, 0),
    ramMb: stack.services.reduce((n, s) => n + s.ramMb, 0),
    storageMb: stack.volumes.reduce((n, v) => n + v.sizeMb, 0),
  };
}
