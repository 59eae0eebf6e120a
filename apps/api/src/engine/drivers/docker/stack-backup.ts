import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { composeTexts } from '@nuage/shared/messages/compose';
import { BACKUP_PARTS, type BackupManifest } from '../../backup-parts';
import { RuntimeRejectedError } from '../../driver';
import type { ApplicationSpec, StackServiceSpec } from '../../spec';
import { stackVolumes, volumeWriters } from '../../stack-volumes';
import type { ContainerInspect, EngineApi } from './engine-api';
import { applicationContainers, componentOf, containerName, STOP_GRACE_SECONDS } from './objects';
import { saveVolumeTar } from './volume-archive';
import { refillVolume } from './volume-refill';

/**
 * Backups of a Compose application on one host (issue 30 item 2): one archive holding every
 * named volume of the stack, each a tar of its own (stack-volumes.ts).
 *
 * A backup freezes the services that mount a volume (the engine's pause: the cgroup freezer)
 * while their volumes are read, then thaws them: the copy is of one instant, as after a power
 * cut (a database replays its journal on restore), and no service is stopped: requests wait a
 * moment instead of failing. A restore stops those services, empties and refills each volume
 * found in the backup from a one-off container of the image of a service mounting it, then
 * starts them again in start order, whatever happened.
 */

/** The containers of one service: the exposed one's replicas, or the service's own. */
function containersOf(
  spec: ApplicationSpec,
  all: Map<string, ContainerInspect>,
  service: StackServiceSpec,
): ContainerInspect[] {
  const exposed = service.serviceName === spec.stack?.exposed;
  return [...all.values()]
    .filter((c) => (exposed ? componentOf(c) === 'application' : containerName(c) === service.name))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

export async function backupStackOnDocker(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<BackupManifest> {
  const volumes = stackVolumes(spec);
  const all = await applicationContainers(api, spec.deploymentId, spec.name);
  const sources = volumes.map((v) => {
    const source = containersOf(spec, all, v.service)[0];
    if (!source) {
      throw new RuntimeRejectedError(composeTexts.serviceContainerMissing(v.service.serviceName));
    }
    return { ...v, source };
  });
  const writers = volumeWriters(spec)
    .flatMap((s) => containersOf(spec, all, s))
    .filter((c) => c.State.Running && !c.State.Paused);
  const paused: string[] = [];
  try {
    for (const c of writers) {
      await api.pauseContainer(c.Id);
      paused.push(c.Id);
    }
    for (const v of sources) {
      await saveVolumeTar(api, v.source.Id, v.mountPath, join(dir, v.part));
    }
  } finally {
    // Thawed whatever happened: a failed backup never leaves a service frozen.
    for (const id of paused) await api.unpauseContainer(id);
  }
  return {
    format: 1,
    template: spec.template,
    database: null,
    files: false,
    volumes: volumes.map((v) => ({ name: v.name, part: v.part })),
    runtime: 'docker',
    createdAt: new Date().toISOString(),
  };
}

export async function restoreStackOnDocker(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<void> {
  const manifest = JSON.parse(
    await readFile(join(dir, BACKUP_PARTS.manifest), 'utf8'),
  ) as BackupManifest;
  const byName = new Map(stackVolumes(spec).map((v) => [v.name, v]));
  // Every volume of the backup must have its place before anything is stopped.
  const plan = (manifest.volumes ?? []).map((saved) => {
    const target = byName.get(saved.name);
    if (!target) throw new RuntimeRejectedError(composeTexts.restoreVolumeMissing(saved.name));
    return { target, tar: join(dir, saved.part) };
  });
  if (plan.length === 0) throw new RuntimeRejectedError(composeTexts.restoreNoVolumes);
  const all = await applicationContainers(api, spec.deploymentId, spec.name);
  const writers = volumeWriters(spec).map((s) => containersOf(spec, all, s));
  const stopped: string[][] = writers.map(() => []);
  try {
    // Last started, first stopped: a service stops before those it depends on.
    for (let i = writers.length - 1; i >= 0; i--) {
      for (const c of writers[i]!) {
        if (!c.State.Running) continue;
        if (c.State.Paused) await api.unpauseContainer(c.Id);
        await api.stopContainer(c.Id, STOP_GRACE_SECONDS);
        stopped[i]!.push(c.Id);
      }
    }
    for (const { target, tar } of plan) {
      await refillVolume(api, spec, target.service.image, tar, target.claimName);
    }
  } finally {
    // Started again whatever happened, in start order: a failed restore leaves the stack
    // running on what it had (or on what was loaded), never stopped.
    for (const ids of stopped) for (const id of ids) await api.startContainer(id);
  }
}
