import { RuntimeRejectedError, type ImagePreparation } from '../../driver';
import { LABELS, type ApplicationRef, type ApplicationSpec } from '../../spec';
import {
  applicationPlan,
  databasePlan,
  loaderImages,
  parseTemplate,
  setupPlan,
  type ContainerPlan,
} from './container-spec';
import { DOCKER_LABELS, applicationLabels } from './labels';
import type { EngineApi } from './engine-api';
import { ensureImages } from './images';
import { imageRunConfigs } from './image-config';
import {
  applicationContainers,
  componentOf,
  ensureContainer,
  ensureNetwork,
  ensureVolume,
  labelsOf,
  networkLabels,
  replicaIndexOf,
  STOP_GRACE_SECONDS,
} from './objects';
import { probeContainer } from './probes';
import { rollReplicas } from './rollout';
import { planOfReplica } from './replica-copy';
import { runSetup } from './setup-job';
import { applyStack } from './stack';
import { refOf, rolloutHooks, specFiles, type DriverContext } from './driver-context';

export { refOf, rolloutHooks, specFiles, type DriverContext } from './driver-context';
import { secretsExposedWarning } from '@nuage/shared/messages/runtime';

function checkReplicas(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RuntimeRejectedError(`invalid replica count: ${n}`);
}

/** Plans whose exposed secret variables were already reported by this process. */
const warnedExposed = new Set<string>();

/**
 * An image without /bin/sh cannot run the secrets' loader: its secret variables stay in the
 * environment. Said once per container and spec (not at every reconciliation), names only,
 * never values; in French, as the operator tells the user.
 */
function reportExposedSecrets(
  ctx: DriverContext,
  deploymentId: string,
  plans: (ContainerPlan | null)[],
): void {
  for (const p of plans) {
    if (!p?.exposedSecrets.length) continue;
    const said = `${p.name} ${p.hash}`;
    if (warnedExposed.has(said)) continue;
    if (warnedExposed.size >= 10_000) warnedExposed.clear();
    warnedExposed.add(said);
    ctx.log?.warn(
      { deploymentId, container: p.name, variables: p.exposedSecrets },
      secretsExposedWarning(p.template.image, p.exposedSecrets),
    );
  }
}

/**
 * Converges the engine to `spec`. Every step finds what exists before creating, and names
 * are deterministic, so a second run after a crash at any point completes the first one:
 * nothing is duplicated and what is no longer wanted is removed.
 */
export async function applySpec(
  ctx: DriverContext,
  spec: ApplicationSpec,
): Promise<{ preparations: ImagePreparation[] }> {
  if (spec.stack) return applyStack(ctx, { ...spec, stack: spec.stack });
  const { api } = ctx;
  checkReplicas(spec.replicas);
  const images = [spec.app, spec.database, spec.setup].flatMap((c) => (c ? [c.image] : []));
  const userImage = spec.userImage
    ? { image: spec.app.image, credentials: spec.userImage.credentials }
    : null;
  const preparations = await ensureImages(api, images, ctx.pullTimeoutMs, userImage);
  // The loader runs the image's own Entrypoint and Cmd: read from the image, as Docker would.
  const runs = await imageRunConfigs(api, loaderImages(spec));
  const app = applicationPlan(spec, ctx.hashKey, runs);
  const db = databasePlan(spec, ctx.hashKey, runs);
  const setup = setupPlan(spec, ctx.hashKey, runs);
  reportExposedSecrets(ctx, spec.deploymentId, [app, db, setup]);

  await ensureNetwork(api, spec.namespace, networkLabels(spec.labels, spec.namespace));
  const shared = applicationLabels(app.labels);
  for (const [kind, c] of [
    // A database of the environment (issue 25) runs no application: no volume of its own.
    ['application', spec.template === 'database' ? null : spec.app],
    ['database', spec.database],
  ] as const) {
    if (!c) continue;
    await ensureVolume(api, c.volume.claimName, {
      ...shared,
      [LABELS.component]: kind,
      [DOCKER_LABELS.sizeMb]: String(c.volume.sizeMb),
    });
  }

  const existing = await applicationContainers(api, spec.deploymentId, spec.name);
  const ref = refOf(spec);
  const wanted = new Set<string>();
  // The database first: the application resolves it by its network alias when it starts. It is
  // recreated only when its own spec changes (scaling or resizing the application does not).
  // A stopped database (issue 25) has no container: the loop below removes it, its volume stays.
  if (db && !spec.database?.stopped) {
    wanted.add(db.name);
    await ensureContainer(api, db, existing.get(db.name) ?? null, (id) => specFiles(api, db, id));
  }
  const replicas = await rollReplicas(
    api,
    app,
    spec.replicas,
    existing.values(),
    rolloutHooks(ctx, ref),
  );
  for (const name of replicas) wanted.add(name);
  if (setup) wanted.add(setup.name);
  for (const [name, c] of existing) {
    // Replicas were handled by the rollout; what remains is a leftover under one of our names.
    if (wanted.has(name) || componentOf(c) === 'application') continue;
    await api.removeContainer(c.Id, c.State.Running ? STOP_GRACE_SECONDS : 0);
  }
  await ctx.publish(ref);

  if (setup) {
    const first = [...replicas].sort()[0] ?? '';
    const ready = () => dependenciesReady(api, db, first, spec.replicas > 0);
    await runSetup(api, setup, existing.get(setup.name) ?? null, ready, ctx.setup, (id) =>
      specFiles(api, setup, id),
    );
  }
  return { preparations };
}

/** The setup task waits for the database port and the first replica's readiness probe. */
async function dependenciesReady(
  api: EngineApi,
  db: ContainerPlan | null,
  firstReplica: string,
  hasReplicas: boolean,
): Promise<boolean> {
  const names = [...(db ? [db.name] : []), ...(hasReplicas ? [firstReplica] : [])];
  for (const name of names) {
    const c = await api.inspectContainer(name);
    const template = c ? parseTemplate(labelsOf(c)) : null;
    if (!c || !template || !(await probeContainer(c, template))) return false;
  }
  return true;
}

/**
 * Adds or removes replicas without the spec: a new replica copies the lowest one (its
 * template label, environment, secret files and spec hash), so the next apply keeps it.
 */
export async function scaleReplicas(
  ctx: DriverContext,
  ref: ApplicationRef,
  replicas: number,
): Promise<void> {
  const { api } = ctx;
  checkReplicas(replicas);
  const all = await applicationContainers(api, ref.deploymentId, ref.name);
  const current = [...all.values()]
    .filter((c) => componentOf(c) === 'application' && Number.isInteger(replicaIndexOf(c)))
    .sort((a, b) => replicaIndexOf(a) - replicaIndexOf(b));
  const source = current[0];
  const copied = source ? await planOfReplica(api, source, ref.name) : null;
  if (!copied) {
    throw new RuntimeRejectedError(`${ref.name} has no replica to scale: apply it first`);
  }
  const { base, files } = copied;
  await rollReplicas(api, base, replicas, current, {
    ...rolloutHooks(ctx, ref),
    filesFor: async () => files,
  });
  await ctx.publish(ref);
}
