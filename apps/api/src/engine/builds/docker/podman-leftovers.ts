import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { LIBPOD_API_VERSION } from '../../drivers/docker/engine-client';

/**
 * Podman (4.x) keeps running a build step after its client went away: the compatible `/build`
 * stops only at the next step, and the step's process (an OCI container `buildah-buildahNNN`
 * started by buildah, outside Podman's container list) runs to its end. A cancel must kill it.
 *
 * A build is recognised by its memory limit: the builder gives each build a limit a few pages
 * under the asked one (a marker, `memoryMarker`), which buildah writes in the step's OCI config.
 * This needs the API process to see the host's processes (same PID namespace, as root): the
 * platform installed on the host, or its container run with `--pid=host`. Where it cannot, the
 * step runs to its end and the build stops there; the caller says so in the build log.
 */
export async function killBuildahSteps(
  memoryLimit: number,
): Promise<{ killed: number; visible: boolean; denied: number }> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return { killed: 0, visible: false, denied: 0 };
  }
  const byContainer = new Map<string, number[]>();
  // Seeing Podman's own service process tells that this process sees the host's processes.
  let seesPodman = false;
  for (const pid of pids) {
    const cgroup = await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => '');
    const match = /\/buildah-(buildah\d+)\b/.exec(cgroup);
    if (match) byContainer.set(match[1]!, [...(byContainer.get(match[1]!) ?? []), Number(pid)]);
    else if (!seesPodman) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      seesPodman = /^(\S*\/)?podman\0system\0service/.test(cmdline);
    }
  }
  let killed = 0;
  let denied = 0;
  for (const [name, members] of byContainer) {
    if ((await readStepConfig(name)) !== memoryLimit) continue;
    for (const pid of members) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EPERM') denied++;
      }
    }
  }
  return { killed, visible: seesPodman || byContainer.size > 0, denied };
}

/** The memory limit in buildah's OCI bundle of a step (`$TMPDIR/buildahNNN/config.json`). */
async function readStepConfig(name: string): Promise<number | null> {
  for (const dir of [process.env.TMPDIR, '/var/tmp', '/tmp'].filter(Boolean)) {
    const text = await readFile(`${dir}/${name}/config.json`, 'utf8').catch(() => null);
    if (text === null) continue;
    try {
      const config = JSON.parse(text) as {
        linux?: { resources?: { memory?: { limit?: number } } };
      };
      return config.linux?.resources?.memory?.limit ?? 0;
    } catch {
      return 0;
    }
  }
  return null;
}

export interface ExternalContainer {
  Id: string;
  State: string;
  Created: number;
  Names: string[];
}

/** The images a Dockerfile's stages start from (`FROM [--platform=…] image [AS name]`). */
export function fromImages(dockerfile: string): string[] {
  return [...dockerfile.matchAll(/^\s*FROM\s+(?:--\S+\s+)*(\S+)/gim)].map((m) => m[1]!);
}

/** `localhost/nuage-test-node:bookworm` → `nuage-test-node`: how buildah names working containers. */
export function workingContainerBase(image: string): string {
  return (image.split('@')[0]!.split('/').pop() ?? image).replace(/:[^:]*$/, '');
}

/**
 * Buildah's working containers ("<image>-working-container[-N]", state "storage") of the given
 * base images, created since `since`.
 */
export async function buildWorkingContainers(
  socketPath: string,
  since: number,
  baseImages: string[],
): Promise<ExternalContainer[]> {
  const answer = await libpod(socketPath, 'GET', '/libpod/containers/json?all=true&external=true');
  const list = JSON.parse(answer.body || '[]') as ExternalContainer[];
  const bases = new Set(baseImages.map(workingContainerBase));
  return list.filter(
    (c) =>
      c.State === 'storage' &&
      c.Created >= Math.floor(since / 1000) - 1 &&
      c.Names.some((n) => {
        const match = /^(.*)-working-container(-\d+)?$/.exec(n);
        return match !== null && bases.has(match[1]!);
      }),
  );
}

/**
 * Waits for Podman to drop the working containers of a stopped build (it does once the step's
 * process is gone), then removes those still there — only when no other build is under way on
 * the host (`othersBuilding`, host-builds.ts) and no build step runs at all: a working container
 * in use by another build of the same base image looks the same, between its steps too.
 */
export async function removeWorkingContainers(
  socketPath: string,
  since: number,
  baseImages: string[],
  othersBuilding: () => Promise<boolean>,
  graceMs = 15_000,
): Promise<{ removed: string[]; kept: string[] }> {
  const deadline = Date.now() + graceMs;
  let left = await buildWorkingContainers(socketPath, since, baseImages);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    left = await buildWorkingContainers(socketPath, since, baseImages);
  }
  const names = left.map((c) => c.Names[0] ?? c.Id);
  if (left.length === 0) return { removed: [], kept: [] };
  if (await othersBuilding()) return { removed: [], kept: names };
  const steps = await runningBuildahSteps();
  if (steps !== 0) return { removed: [], kept: names };
  for (const c of left) await libpod(socketPath, 'DELETE', `/libpod/containers/${c.Id}?force=true`);
  return { removed: names, kept: [] };
}

/** Build steps running on the host (buildah's OCI containers), null when they cannot be seen. */
async function runningBuildahSteps(): Promise<number | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let steps = 0;
  let seesPodman = false;
  for (const pid of pids) {
    const cgroup = await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => '');
    if (/\/buildah-buildah\d+\b/.test(cgroup)) steps++;
    else if (!seesPodman)
      seesPodman = /^(\S*\/)?podman\0system\0service/.test(
        await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      );
  }
  return steps > 0 || seesPodman ? steps : null;
}

/** Podman's own API (the compatible one has no `external` listing, nor network options). */
export function libpod(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    const req = http.request(
      {
        socketPath,
        method,
        path: `/${LIBPOD_API_VERSION}${path}`,
        headers: {
          host: 'podman',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer from Podman')));
    req.on('error', reject);
    req.end(payload);
  });
}
