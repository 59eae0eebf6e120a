import type { ApplicationRef, ApplicationSpec } from '../../spec';
import type { ContainerPlan } from './container-spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import type { RolloutHooks } from './rollout';
import { secretOwner, type OwnedFile } from './secret-files';
import type { SetupOptions } from './setup-job';

/** What converging an application needs from the driver (converge.ts, stack.ts). */
export interface DriverContext {
  api: EngineApi;
  setup: SetupOptions;
  pullTimeoutMs: number;
  /** Keys the spec hash stored in labels (HMAC): the server's hash key. */
  hashKey: Buffer;
  /** How long an update waits for a new replica's readiness before giving it up (health-gated). */
  readyWaitMs: number;
  /** Routes the application's traffic to its live replicas, except `retiring` ones. */
  publish: (ref: ApplicationRef, retiring?: Set<string>) => Promise<void>;
  /** Waits for the proxy's requests in flight to replicas out of the routes (edge-router.ts). */
  drain: (retiring: ContainerInspect[]) => Promise<void>;
  /** The server's logger: an image without a shell keeps its secrets in the environment. */
  log?: { warn(obj: object, msg: string): void };
}

export const rolloutHooks = (ctx: DriverContext, ref: ApplicationRef): RolloutHooks => ({
  publish: (retiring) => ctx.publish(ref, retiring),
  drain: (retiring) => ctx.drain(retiring),
  filesFor: (plan, id) => specFiles(ctx.api, plan, id),
  readyWaitMs: ctx.readyWaitMs,
});

export const refOf = (spec: ApplicationSpec): ApplicationRef => ({
  deploymentId: spec.deploymentId,
  name: spec.name,
  namespace: spec.namespace,
});

/** Secret files of a plan, owned by the user the container's image runs as. */
export async function specFiles(
  api: EngineApi,
  p: ContainerPlan,
  id: string,
): Promise<OwnedFile[]> {
  if (!p.secretFiles.length) return [];
  const created = await api.inspectContainer(id);
  const owner = await secretOwner(api, id, created?.Config.User ?? '');
  return p.secretFiles.map((f) => ({
    path: f.path,
    content: Buffer.from(f.content),
    ...owner,
    ...(f.mode !== undefined ? { mode: f.mode } : {}),
  }));
}
