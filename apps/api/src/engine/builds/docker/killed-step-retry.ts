import { setTimeout as delay } from 'node:timers/promises';
import { builderLogTexts } from '@nuage/shared/messages/builder';
import { BuildStepKilledError, type BuildIo } from '../builder';

/**
 * The pauses before each further attempt (so five attempts in all, the first one included).
 * The kills seen came in bursts that lasted: CI saw two within 2 s, then three within 21 s with
 * 5 s pauses, then four within 40 s with 10 s pauses, all at the start of a run, when every
 * worker starts its engine and its browser at once. The pauses grow, so the attempts spread over
 * more than two minutes.
 */
const KILLED_STEP_PAUSES_MS = [10_000, 20_000, 40_000, 60_000] as const;

/**
 * A step the engine killed on its own (never one this build's stop killed: that one ends as
 * stopped) is run again after each pause of `pausesMs` (seen on Podman under heavy load, cause
 * not found; the layers before the step come from the cache); the kill after the last pause is
 * the build's failure. The build's own timeout still bounds the whole.
 */
export async function runKilledStepsAgain(
  run: () => Promise<string>,
  signal: AbortSignal,
  io: Pick<BuildIo, 'onLog'>,
  pausesMs: readonly number[] = KILLED_STEP_PAUSES_MS,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof BuildStepKilledError) || signal.aborted) throw err;
      const pause = pausesMs[attempt - 1];
      if (pause === undefined) throw err;
      io.onLog(builderLogTexts.stepKilledRetry(attempt + 1, pausesMs.length + 1));
      await delay(pause, undefined, { signal }).catch(() => undefined);
      // Stopped during the pause: no further attempt (a step started now would outlive the stop,
      // which has already cleaned up what ran).
      if (signal.aborted) throw err;
    }
  }
}
