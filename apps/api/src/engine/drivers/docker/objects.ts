import { RuntimeRejectedError } from '../../driver';
import { LABELS, MANAGED_BY } from '../../spec';
import { createBody } from './container-create-body';
import { loopbackPort } from './loopback-port';
import type { ContainerPlan } from './container-spec';
import { DOCKER_LABELS, isApplicationContainerName } from './labels';
import { EngineError } from './engine-client';
import type { ContainerInspect, EngineApi } from './engine-api';
import type { OwnedFile } from './secret-files';
import { writeFiles } from './secret-files';

/** Find-or-create for networks, volumes and containers: the idempotent building blocks of apply. */

/** Replaced or scaled-down containers get this long to stop cleanly (databases flush). */
export const STOP_GRACE_SECONDS = 10;

export const containerName = (c: ContainerInspect) => c.Name.replace(/^\//, '');
export const labelsOf = (c: ContainerInspect) => c.Config.Labels ?? {};
export const componentOf = (c: ContainerInspect) => labelsOf(c)[LABELS.component] ?? null;
export const replicaIndexOf = (c: ContainerInspect) => Number(labelsOf(c)[DOCKER_LABELS.replica]);

export async function ensureNetwork(
  api: EngineApi,
  name: string,
  labels: Record<string, string>,
): Promise<void> {
  if (await api.networkExists(name)) return;
  try {
    await api.createNetwork(name, labels);
  } catch (err) {
    if (!(err instanceof EngineError && err.status === 409)) throw err;
  }
}

/** An existing volume is kept as it is, labelled or not: it holds the application's data. */
export async function ensureVolume(
  api: EngineApi,
  name: string,
  labels: Record<string, string>,
): Promise<void> {
  if (await api.inspectVolume(name)) return;
  await api.createVolume(name, labels);
}

/**
 * Every container of one application: those labelled with its deployment id, plus
 * unlabelled leftovers bearing one of its exact names (`<name>-<n>`, `-db`, `-setup`).
 * A container with those names owned by another deployment is not ours and is left alone.
 */
export async function applicationContainers(
  api: EngineApi,
  deploymentId: string,
  name: string,
): Promise<Map<string, ContainerInspect>> {
  const [labelled, named] = await Promise.all([
    api.listContainers({ label: [`${LABELS.deploymentId}=${deploymentId}`] }),
    api.listContainers({ name: [`${name}-`] }),
  ]);
  const ids = new Set(labelled.map((c) => c.Id));
  for (const c of named) {
    const owner = c.Labels?.[LABELS.deploymentId];
    const names = (c.Names ?? []).map((n) => n.replace(/^\//, ''));
    if (!owner && names.some((n) => isApplicationContainerName(name, n))) ids.add(c.Id);
  }
  const found = new Map<string, ContainerInspect>();
  for (const id of ids) {
    const c = await api.inspectContainer(id);
    if (c) found.set(containerName(c), c);
  }
  return found;
}

/**
 * Makes one container match its plan. Kept: same spec hash and started at least once (a
 * container still "created" may lack its secret files, when a crash hit between create
 * and start). Anything else under that name is removed and created again.
 */
export async function ensureContainer(
  api: EngineApi,
  plan: ContainerPlan,
  current: ContainerInspect | null,
  filesFor: (id: string) => Promise<OwnedFile[]>,
): Promise<string> {
  if (current) {
    const same = labelsOf(current)[DOCKER_LABELS.specHash] === plan.hash;
    if (same && current.State.Status !== 'created' && (await startIfStopped(api, current))) {
      return current.Id;
    }
    await api.removeContainer(current.Id, current.State.Running ? STOP_GRACE_SECONDS : 0);
  }
  return createAndStart(api, plan, filesFor);
}

/** Port taken by another socket: the engine's words, Docker's and Podman's alike. */
const PORT_TAKEN = /address already in use/i;
const PORT_ATTEMPTS = 3;

/**
 * Created, its files written, started. Its loopback port was free when chosen (loopback-port.ts)
 * but another process may bind it before the start, which then fails with "address already in
 * use", as would every later start of that container, for it keeps its port: it is removed and
 * made again, with another port.
 */
export async function createAndStart(
  api: EngineApi,
  plan: ContainerPlan,
  filesFor: (id: string) => Promise<OwnedFile[]>,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const id = await createContainer(api, plan);
    await writeFiles(api, id, await filesFor(id));
    try {
      await api.startContainer(id);
      return id;
    } catch (err) {
      if (!PORT_TAKEN.test(String(err)) || attempt >= PORT_ATTEMPTS) throw err;
      await api.removeContainer(id);
    }
  }
}

/**
 * Starts a kept container that is not running. False when its port was taken meanwhile (see
 * createAndStart): the caller makes it again rather than retrying a start that cannot succeed.
 */
export async function startIfStopped(api: EngineApi, c: ContainerInspect): Promise<boolean> {
  if (c.State.Running || c.State.Restarting) return true;
  try {
    await api.startContainer(c.Id);
    return true;
  } catch (err) {
    if (PORT_TAKEN.test(String(err))) return false;
    throw err;
  }
}

/** Creates without starting; a name held by a leftover of ours is freed once. */
export async function createContainer(api: EngineApi, plan: ContainerPlan): Promise<string> {
  const body = createBody(plan, plan.template.port === null ? '' : await loopbackPort());
  try {
    return await api.createContainer(plan.name, body);
  } catch (err) {
    if (!(err instanceof EngineError && err.status === 409)) throw err;
    const holder = await api.inspectContainer(plan.name);
    const owner = holder ? labelsOf(holder)[LABELS.deploymentId] : undefined;
    if (holder && owner && owner !== plan.labels[LABELS.deploymentId]) {
      throw new RuntimeRejectedError(`container name ${plan.name} is used by another application`);
    }
    if (holder) await api.removeContainer(holder.Id);
    return await api.createContainer(plan.name, body);
  }
}

export function networkLabels(
  labels: Record<string, string>,
  namespace: string,
): Record<string, string> {
  const keep: string[] = [LABELS.environmentId, LABELS.projectId];
  return {
    ...Object.fromEntries(Object.entries(labels).filter(([k]) => keep.includes(k))),
    [LABELS.managedBy]: MANAGED_BY,
    [DOCKER_LABELS.namespace]: namespace,
  };
}
