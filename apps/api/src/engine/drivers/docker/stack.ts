import { composeTexts } from '@nuage/shared/messages/compose';
import { RuntimeRejectedError, type ImagePreparation } from '../../driver';
import { LABELS, type ApplicationSpec, type StackServiceSpec, type StackSpec } from '../../spec';
import {
  parseTemplate,
  plan,
  SERVICE_PIDS_LIMIT,
  type ContainerPlan,
  type ContainerTemplate,
} from './container-spec';
import { refOf, rolloutHooks, type DriverContext } from './driver-context';
import type { ContainerInspect, EngineApi } from './engine-api';
import { execIn } from './exec';
import { ensureImages } from './images';
import { applicationLabels, DOCKER_LABELS } from './labels';
import {
  applicationContainers,
  componentOf,
  ensureContainer,
  ensureNetwork,
  ensureVolume,
  labelsOf,
  networkLabels,
  STOP_GRACE_SECONDS,
} from './objects';
import { rollReplicas } from './rollout';

/**
 * A Compose application on one host (issue 30 item 2): every service one container on the
 * environment's network, its Compose name a network alias (what the other services resolve),
 * hardened as image applications are (capabilities dropped but the templates' list, less the
 * file's cap_drop; no-new-privileges; limits; no host path: named volumes only). Services start
 * in dependency order, each after the ones it `depends_on` run (`service_started`) or pass
 * their healthcheck (`service_healthy`, run by the platform through exec: Podman runs images'
 * healthchecks only under systemd). The exposed service is the application's replica: rolled
 * (its successor ready before the old one stops) and routed by the edge proxy; the others are
 * recreated when their own part of the file changes, and kept otherwise.
 *
 *   containers <name>-0 (-0-b)     the exposed service, alias its service name
 *              <name>-<service>    every other service, alias its Compose name
 *   volumes    <name>-<volume>     the file's named volumes
 */

type StackApplication = ApplicationSpec & { stack: StackSpec };

const POLL_MS = 1_000;
const HEALTH_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serviceTemplate(spec: StackApplication, s: StackServiceSpec): ContainerTemplate {
  const exposed = s.serviceName === spec.stack.exposed;
  return {
    image: s.image,
    port: exposed ? spec.stack.port : null,
    cpuMilli: s.cpuMilli,
    ramMb: s.ramMb,
    envNames: s.env.map((e) => e.name),
    mounts: s.volumes.map((v) => ({
      volume: v.claimName,
      target: v.mountPath,
      ...(v.readOnly ? { readOnly: true } : {}),
    })),
    network: spec.namespace,
    aliases: exposed ? [spec.service.name, s.serviceName] : [s.serviceName],
    secretFiles: [],
    probe: exposed ? { ...spec.app.readiness.check, timeoutSeconds: 3 } : null,
    entrypoint: s.entrypoint,
    cmd: s.command,
    restart: 'unless-stopped',
    capabilities: [...s.security.capabilities],
    pidsLimit: SERVICE_PIDS_LIMIT,
    healthcheck: s.healthcheck
      ? { test: s.healthcheck.test, timeoutSeconds: s.healthcheck.timeoutSeconds }
      : null,
    user: s.user,
    workingDir: s.workingDir,
  };
}

function servicePlan(spec: StackApplication, s: StackServiceSpec, key: Buffer): ContainerPlan {
  const exposed = s.serviceName === spec.stack.exposed;
  const env = s.env.map((e) => `${e.name}=${e.value}`);
  const p = plan(
    key,
    exposed ? spec.app.name : s.name,
    exposed ? 'application' : 'service',
    serviceTemplate(spec, s),
    env,
    [],
    spec.labels,
    spec.namespace,
  );
  // Not in the hash, as for any application's replica.
  return exposed ? { ...p, labels: { ...p.labels, [DOCKER_LABELS.hostLabel]: spec.hostLabel } } : p;
}

/** The file's healthcheck, run in the container (`CMD` as is, `CMD-SHELL` through /bin/sh). */
export async function serviceHealthy(api: EngineApi, c: ContainerInspect): Promise<boolean> {
  if (!c.State.Running || c.State.Restarting) return false;
  const check = parseTemplate(labelsOf(c))?.healthcheck;
  if (!check) return true;
  const [kind, ...args] = check.test;
  const cmd = kind === 'CMD-SHELL' ? ['/bin/sh', '-c', args.join(' ')] : args;
  try {
    const timeoutMs = Math.min(check.timeoutSeconds * 1000, HEALTH_TIMEOUT_MS);
    return (await execIn(api, c.Id, { cmd, timeoutMs })).exitCode === 0;
  } catch {
    return false;
  }
}

async function waitFor(
  api: EngineApi,
  containerName: string,
  healthy: boolean,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await api.inspectContainer(containerName);
    if (c?.State.Running && (!healthy || (await serviceHealthy(api, c)))) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

export async function applyStack(
  ctx: DriverContext,
  spec: StackApplication,
): Promise<{ preparations: ImagePreparation[] }> {
  const { api } = ctx;
  const { stack } = spec;
  const preparations: ImagePreparation[] = [];
  for (const s of stack.services) {
    // The user's images are pulled again at every apply (images.ts), with the project's
    // credentials for their registry (X-Registry-Auth) or anonymously; an operator's
    // IMAGE_OVERRIDES copy is this host's own and pulled only when absent.
    // An image the platform built is in the host's store (built here): pulled only if absent.
    const user =
      s.operatorImage || s.platformBuilt
        ? null
        : { image: s.image, credentials: s.pullCredentials ?? null };
    preparations.push(...(await ensureImages(api, [s.image], ctx.pullTimeoutMs, user)));
  }
  await ensureNetwork(api, spec.namespace, networkLabels(spec.labels, spec.namespace));
  const shared = applicationLabels({ ...spec.labels, [DOCKER_LABELS.namespace]: spec.namespace });
  const volumes = new Map(stack.services.flatMap((s) => s.volumes.map((v) => [v.claimName, v])));
  for (const v of volumes.values()) {
    await ensureVolume(api, v.claimName, {
      ...shared,
      [LABELS.component]: 'service',
      [DOCKER_LABELS.sizeMb]: String(v.sizeMb),
    });
  }

  const existing = await applicationContainers(api, spec.deploymentId, spec.name);
  const ref = refOf(spec);
  const wanted = new Set<string>();
  const containerOf = new Map<string, string>();
  for (const s of stack.services) {
    for (const d of s.dependsOn) {
      const name = containerOf.get(d.serviceName);
      if (name && !(await waitFor(api, name, d.healthy, ctx.readyWaitMs))) {
        throw new RuntimeRejectedError(
          composeTexts.dependencyNotReady(s.serviceName, d.serviceName, d.healthy),
        );
      }
    }
    const p = servicePlan(spec, s, ctx.hashKey);
    if (s.serviceName === stack.exposed) {
      const replicas = await rollReplicas(api, p, 1, existing.values(), rolloutHooks(ctx, ref));
      for (const name of replicas) wanted.add(name);
      containerOf.set(s.serviceName, [...replicas][0] ?? p.name);
    } else {
      await ensureContainer(api, p, existing.get(p.name) ?? null, async () => []);
      wanted.add(p.name);
      containerOf.set(s.serviceName, p.name);
    }
  }
  for (const [name, c] of existing) {
    // Replicas were handled by the rollout; a service the file no longer has is removed.
    if (wanted.has(name) || componentOf(c) === 'application') continue;
    await api.removeContainer(c.Id, c.State.Running ? STOP_GRACE_SECONDS : 0);
  }
  await ctx.publish(ref);
  return { preparations };
}
