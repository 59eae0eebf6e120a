import { EngineApi } from '../../drivers/docker/engine-api';
import type { EngineClient } from '../../drivers/docker/engine-client';

/**
 * Kills a cancelled build's running step through the engine's socket alone, where the platform
 * does not see the host's processes itself (its container without `--pid=host`): a short-lived
 * helper container in the host's PID namespace, the host's cgroups mounted read-only, kills
 * the processes of buildah's step containers (cgroup `buildah-buildahNNN`) whose memory limit
 * is the build's marker (see podman-leftovers.ts), then is removed. Needs what the socket gives
 * anyway (root on the host), nothing of the platform's own process.
 *
 * Returns how many processes were killed, or null when the helper could not run.
 */
export async function killStepsThroughEngine(
  client: EngineClient,
  memoryMarker: number,
  helperImage: string,
  name: string,
): Promise<number | null> {
  const api = new EngineApi(client);
  if (!(await api.imageExists(helperImage))) {
    if ((await api.pullImage(helperImage, 300_000)) !== null) return null;
  }
  // The step's memory cgroup, v1 (`N:memory:<path>`) or v2 (`0::<path>`), under the host's tree.
  // Scanned again until a scan finds none left (at most 10): a process the step forked while
  // the first scan ran (its shell starting the next command) escaped it, and the step went on
  // (seen once in a CI run at a load of ~19: the step's `sleep` still there after the cancel).
  const script = [
    'total=0',
    'for round in 1 2 3 4 5 6 7 8 9 10; do',
    '  n=0',
    '  for d in /proc/[0-9]*; do',
    '    grep -q "buildah-buildah[0-9]" "$d/cgroup" 2>/dev/null || continue',
    '    v1=$(sed -n "s/^[0-9]*:memory:\\(.*\\)$/\\1/p" "$d/cgroup" 2>/dev/null)',
    '    v2=$(sed -n "s/^0::\\(.*\\)$/\\1/p" "$d/cgroup" 2>/dev/null)',
    '    lim=$(cat "/host-cgroup/memory$v1/memory.limit_in_bytes" 2>/dev/null || cat "/host-cgroup$v2/memory.max" 2>/dev/null)',
    '    if [ "$lim" = "$MARKER" ] && kill -9 "${d#/proc/}" 2>/dev/null; then n=$((n+1)); fi',
    '  done',
    '  total=$((total+n))',
    '  [ "$n" = 0 ] && [ "$round" -gt 1 ] && break',
    '  sleep 0.2',
    'done',
    'echo "killed=$total"',
  ].join('\n');
  let id: string | undefined;
  try {
    const created = await client.json<{ Id: string }>('POST', '/containers/create', {
      query: { name },
      body: {
        Image: helperImage,
        Entrypoint: ['sh', '-c'],
        Cmd: [script],
        Env: [`MARKER=${memoryMarker}`],
        Labels: { 'nuagedeploy.build-stopper': 'true' },
        HostConfig: {
          PidMode: 'host',
          NetworkMode: 'none',
          Binds: ['/sys/fs/cgroup:/host-cgroup:ro'],
          // Signals to the host's processes: no confinement label in the way.
          SecurityOpt: ['label=disable', 'apparmor=unconfined'],
          CapDrop: ['ALL'],
          CapAdd: ['KILL', 'DAC_READ_SEARCH'],
        },
      },
    });
    id = created.Id;
    await client.request('POST', `/containers/${id}/start`);
    await client.request('POST', `/containers/${id}/wait`, { timeoutMs: 60_000 });
    const logs = await client.request('GET', `/containers/${id}/logs`, {
      query: { stdout: true, stderr: true },
    });
    const match = /killed=(\d+)/.exec(logs.body.toString('utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  } finally {
    if (id)
      await client
        .request('DELETE', `/containers/${id}`, { query: { force: true } })
        .catch(() => undefined);
  }
}
