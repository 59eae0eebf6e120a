import { type ContainerPlan } from './container-spec';
import { DOCKER_LABELS } from './labels';
import type { ContainerInspect, EngineApi } from './engine-api';
import { createContainer, labelsOf } from './objects';
import { writeFiles, type OwnedFile } from './secret-files';

/**
 * The one-off setup task (WordPress's `wp core install`), run after the database and the
 * application answer. Its container is kept after it ends: exit 0 with the same spec hash
 * means "done" for every later apply, and a failure stays visible in status() and logs().
 * A failure never fails the application (the site runs; the user sees the reason).
 */

export interface SetupOptions {
  /** How long to wait for the database and the application before giving up this time. */
  waitMs: number;
  /** How long one run may take. */
  runMs: number;
  attempts: number;
  retryDelayMs: number;
  /** Between two looks at the dependencies and at the running task (default 500 ms). */
  pollMs?: number;
}

const POLL_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSetup(
  api: EngineApi,
  plan: ContainerPlan,
  current: ContainerInspect | null,
  dependenciesReady: () => Promise<boolean>,
  opts: SetupOptions,
  /** Its secret files (the admin password behind WP_ADMIN_PASSWORD_FILE), written before start. */
  filesFor: (id: string) => Promise<OwnedFile[]>,
): Promise<void> {
  const create = async () => {
    const id = await createContainer(api, plan);
    await writeFiles(api, id, await filesFor(id));
    return id;
  };
  const same = current !== null && labelsOf(current)[DOCKER_LABELS.specHash] === plan.hash;
  const pollMs = opts.pollMs ?? POLL_MS;
  // A run interrupted by a crash of the API process is still going: let it finish.
  if (same && (current.State.Running || current.State.Restarting)) {
    if ((await waitForExit(api, current.Id, opts.runMs, pollMs)) === 0) return;
  } else if (same && finished(current) && current.State.ExitCode === 0) {
    return;
  }
  if (current) await api.removeContainer(current.Id);

  // Created before waiting so status() shows the task as pending meanwhile.
  let id = await create();
  if (!(await waitUntil(dependenciesReady, opts.waitMs, pollMs))) return;
  for (let attempt = 1; ; attempt++) {
    await api.startContainer(id);
    if ((await waitForExit(api, id, opts.runMs, pollMs)) === 0) return;
    if (attempt >= opts.attempts) return;
    await sleep(opts.retryDelayMs);
    await api.removeContainer(id);
    id = await create();
  }
}

/** Ended ("exited" for Docker, "stopped" or "exited" for Podman), not merely never started. */
const finished = (c: ContainerInspect) =>
  !c.State.Running && !c.State.Restarting && c.State.Status !== 'created';

async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  pollMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(pollMs);
  }
}

/** The exit code; past the deadline the task is stopped and its exit code (137/143) returned. */
async function waitForExit(
  api: EngineApi,
  id: string,
  timeoutMs: number,
  pollMs: number,
): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (!c) return null;
    if (finished(c)) return c.State.ExitCode;
    if (Date.now() >= deadline) {
      await api.stopContainer(id, 5);
      return (await api.inspectContainer(id))?.State.ExitCode ?? null;
    }
    await sleep(pollMs);
  }
}
