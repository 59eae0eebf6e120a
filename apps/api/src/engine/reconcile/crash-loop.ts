import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { PodState } from '../../db/schema/deployments';
import { crashWatch, type RestartSample } from '../../db/schema/notifications';
import { emitForDeployment } from '../../db/notification-events';

/**
 * Crash loops (issue 27): an application whose containers restarted `restarts` times within
 * `windowMs` — a successful deploy included — is told once per channel; it is told « rétabli »
 * once it has run ready without a restart for `recoveredAfterMs`. The restarts are counted from
 * what each pass observes (the pods' restart counters) and remembered in the database, so passes
 * run by different API processes add up.
 */
export interface CrashLoopSettings {
  restarts: number;
  /** CRASH_LOOP_WINDOW_SECONDS: how far back restarts are counted. */
  windowMs: number;
  /** CRASH_LOOP_RECOVERED_SECONDS: ready without a restart this long is « rétabli ». */
  recoveredAfterMs: number;
}

export const CRASH_LOOP_DEFAULTS: CrashLoopSettings = {
  restarts: 3,
  windowMs: 5 * 60_000,
  recoveredAfterMs: 2 * 60_000,
};

const restartsOf = (pods: PodState[] | null | undefined) =>
  (pods ?? []).reduce((sum, p) => sum + (p.restarts ?? 0), 0);

export interface CrashLoopInput {
  deploymentId: string;
  /** The pods the previous pass recorded, and those seen now. */
  before: PodState[] | null | undefined;
  now: PodState[];
  /** Every replica ready (the application serves). */
  ready: boolean;
  at: Date;
}

/** Answers whether the application restarts lately (restarts in the window, or a loop told). */
export async function watchCrashLoop(
  db: Executor,
  log: { error(obj: object, msg: string): void },
  input: CrashLoopInput,
  settings: CrashLoopSettings = CRASH_LOOP_DEFAULTS,
): Promise<boolean> {
  const previous = restartsOf(input.before);
  const current = restartsOf(input.now);
  // Counters only grow while containers live; lower means they were recreated (a new deploy).
  const fresh = current >= previous ? current - previous : current;
  const [row] = await db
    .select()
    .from(crashWatch)
    .where(eq(crashWatch.deploymentId, input.deploymentId));
  if (!row && fresh === 0) return false;
  const since = input.at.getTime() - settings.windowMs;
  let samples: RestartSample[] = (row?.samples ?? []).filter((s) => Date.parse(s.at) > since);
  if (fresh > 0) samples.push({ at: input.at.toISOString(), restarts: fresh });
  const lastRestartAt = fresh > 0 ? input.at : (row?.lastRestartAt ?? null);
  const inWindow = samples.reduce((sum, s) => sum + s.restarts, 0);
  let looping = row?.looping ?? false;
  if (!looping && inWindow >= settings.restarts) {
    looping = true;
    await emitForDeployment(db, log, input.deploymentId, {
      type: 'app.crash_loop',
      incident: { key: `crash:${input.deploymentId}`, phase: 'open' },
      params: {
        redemarrages: inWindow,
        minutes: Math.max(1, Math.round(settings.windowMs / 60_000)),
      },
    });
  } else if (
    looping &&
    input.ready &&
    (!lastRestartAt || input.at.getTime() - lastRestartAt.getTime() >= settings.recoveredAfterMs)
  ) {
    looping = false;
    // The restarts of the loop are over: a new loop is counted afresh.
    samples = [];
    await emitForDeployment(db, log, input.deploymentId, {
      type: 'app.crash_loop_ended',
      incident: { key: `crash:${input.deploymentId}`, phase: 'close' },
    });
  }
  if (!looping && samples.length === 0) {
    if (row) await db.delete(crashWatch).where(eq(crashWatch.deploymentId, input.deploymentId));
    return false;
  }
  await db
    .insert(crashWatch)
    .values({ deploymentId: input.deploymentId, samples, lastRestartAt, looping })
    .onConflictDoUpdate({
      target: crashWatch.deploymentId,
      set: { samples: sql`excluded.samples`, lastRestartAt, looping },
    });
  return true;
}
