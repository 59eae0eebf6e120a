import type { EngineClient } from '../../drivers/docker/engine-client';
import type { BuildIo } from '../builder';
import { otherBuildsRunning } from '../host-builds';
import { isPodman } from '../../drivers/docker/engine-kind';
import { killBuildahSteps, removeWorkingContainers } from './podman-leftovers';
import { killStepsThroughEngine } from './stop-steps';
import { builderLogTexts } from '@nuage/shared/messages/builder';

/** What the builder knows of the host it builds on. */
export interface LeftoverHost {
  client: EngineClient;
  socketPath: string;
  /** The image of the helper container that kills a step through the engine (busybox). */
  helperImage: string;
  /** false: this process does not see the host's processes (no `--pid=host`). */
  seesHostProcesses?: boolean | undefined;
}

/** The stopped build: its id, its steps' memory mark, when it started, its FROM images. */
export interface StoppedBuild {
  buildId: string;
  memory: number;
  since: number;
  fromImages: string[];
}

/**
 * After a cancel or a timeout: nothing of the build may keep running (see podman-leftovers and
 * stop-steps). Each step is told in the build's log; a failure to clean up is told, not thrown.
 */
export async function stopBuildLeftovers(
  host: LeftoverHost,
  build: StoppedBuild,
  io: BuildIo,
): Promise<void> {
  try {
    if (!(await isPodman(host.client))) return; // Docker stops the build with its client.
    // Through the socket first (no need to see the host's processes), else from here.
    const throughEngine = await killStepsThroughEngine(
      host.client,
      build.memory,
      host.helperImage,
      `nuage-build-stop-${build.buildId.replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 64)}`,
    );
    const { killed, visible, denied } =
      throughEngine !== null
        ? { killed: throughEngine, visible: true, denied: 0 }
        : host.seesHostProcesses === false
          ? { killed: 0, visible: false, denied: 0 }
          : await killBuildahSteps(build.memory);
    if (killed > 0) io.onLog(builderLogTexts.stepStopped(killed));
    if (denied > 0) io.onLog(builderLogTexts.stepNotStopped(denied));
    if (!visible) io.onLog(builderLogTexts.stepInvisible);
    const { removed, kept } = await removeWorkingContainers(
      host.socketPath,
      build.since,
      build.fromImages,
      () => otherBuildsRunning(build.buildId),
    );
    if (removed.length) io.onLog(builderLogTexts.workContainersRemoved(removed.join(', ')));
    if (kept.length) io.onLog(builderLogTexts.workContainersKept(kept.join(', ')));
  } catch (err) {
    io.onLog(builderLogTexts.cleanupFailed((err as Error).message));
  }
}
