import { eq, ne, or, isNull, and, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { ConfigError } from '../config';
import type { Database } from '../db/client';
import { deployments } from '../db/schema/deployments';
import { platformRuntime } from '../db/schema/platform';
import type { RuntimeName } from '../engine/driver';
import { chooseRuntime, type RuntimeChoice } from './select-runtime';

/**
 * The runtime is chosen once and kept (issue 12). The first start stores the runtime it
 * chose and its target (socket, cluster context); every later start must find the same:
 * - RUNTIME=auto reuses the stored runtime without detecting again, so a Docker socket that
 *   appears (or disappears) after the first start changes nothing;
 * - an explicit RUNTIME, or a target (DOCKER_HOST, kube context) other than the stored one,
 *   refuses to start with a French and English message naming both and how to migrate;
 * - RUNTIME_REPIN=true accepts the change on purpose: the new runtime is stored and every
 *   application not on it is deployed again there (its data is not copied).
 */

export class RuntimePinError extends ConfigError {}

export interface PinnedRuntime {
  runtime: RuntimeName;
  target: string;
}

export async function readPin(db: Database): Promise<PinnedRuntime | null> {
  const [row] = await db.select().from(platformRuntime).where(eq(platformRuntime.id, 1));
  return row ? { runtime: row.runtime, target: row.target } : null;
}

const describe = (r: PinnedRuntime) => `${r.runtime} (${r.target})`;

export function mismatchMessage(pinned: PinnedRuntime, found: PinnedRuntime, how: string): string {
  const was = describe(pinned);
  const now = describe(found);
  return [
    `Démarrage refusé : cette plateforme est liée au runtime ${was}, mais ce démarrage trouve ${now} (${how}).`,
    `Les applications ne changent jamais de runtime sans que vous le demandiez. Pour garder ${pinned.runtime}, corrigez RUNTIME / DOCKER_HOST / KUBECONFIG.`,
    `Pour migrer vers ${found.runtime} : sauvegardez les données des applications, puis redémarrez une fois avec RUNTIME=${found.runtime} RUNTIME_REPIN=true ; chaque application sera redéployée sur ${found.runtime} (ses données ne sont pas copiées).`,
    '',
    `Start refused: this platform is pinned to the runtime ${was}, but this start found ${now} (${how}).`,
    `Applications never switch runtime unless you ask. To keep ${pinned.runtime}, fix RUNTIME / DOCKER_HOST / KUBECONFIG.`,
    `To migrate to ${found.runtime}: back up the applications' data, then start once with RUNTIME=${found.runtime} RUNTIME_REPIN=true; every application is deployed again on ${found.runtime} (its data is not copied).`,
  ].join('\n');
}

/**
 * The runtime of this start: the pinned one, or the detected one pinned now. Throws
 * RuntimePinError (the process exits with status 1) on a mismatch without RUNTIME_REPIN.
 */
export async function pinnedRuntime(
  config: Config,
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RuntimeChoice> {
  const pin = await readPin(db);
  if (!pin) {
    const choice = await chooseRuntime(config, env);
    // Two processes starting together: the first insert wins and the loser compares with it.
    await db
      .insert(platformRuntime)
      .values({ runtime: choice.runtime, target: choice.target })
      .onConflictDoNothing();
    const stored = await readPin(db);
    if (stored && (stored.runtime !== choice.runtime || stored.target !== choice.target))
      throw new RuntimePinError(mismatchMessage(stored, choice, choice.reason));
    return { ...choice, reason: `${choice.reason}; pinned now` };
  }

  const auto = config.runtime === 'auto';
  const wanted = auto ? { ...config, runtime: pin.runtime } : config;
  const socket = pin.runtime === 'docker' ? pin.target.replace(/^unix:\/\//, '') : undefined;
  const choice = await chooseRuntime(wanted, env, auto ? socket : undefined);
  const reason = auto ? `auto: pinned runtime ${describe(pin)}` : choice.reason;
  if (choice.runtime === pin.runtime && choice.target === pin.target)
    return { ...choice, reason: `${reason} (pinned)` };

  if (env.RUNTIME_REPIN !== 'true')
    throw new RuntimePinError(mismatchMessage(pin, choice, choice.reason));
  await repin(db, pin, choice);
  return { ...choice, reason: `${choice.reason}; re-pinned from ${describe(pin)} (RUNTIME_REPIN)` };
}

/** Stores the new runtime and queues every application not on it for a new deployment there. */
async function repin(db: Database, from: PinnedRuntime, to: PinnedRuntime): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(platformRuntime)
      .set({
        runtime: to.runtime,
        target: to.target,
        repinnedAt: new Date(),
        previous: describe(from),
      })
      .where(eq(platformRuntime.id, 1));
    const elsewhere = or(isNull(deployments.runtime), ne(deployments.runtime, to.runtime));
    await tx
      .update(deployments)
      .set({ observedGeneration: 0, nextAttemptAt: sql`now()` })
      .where(
        from.runtime === to.runtime
          ? eq(deployments.desiredState, 'present')
          : and(eq(deployments.desiredState, 'present'), elsewhere),
      );
  });
}
