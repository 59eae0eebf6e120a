import { readdir, readFile } from 'node:fs/promises';
import type { BuildUsage, BuildUsageProbe } from '../builder';

/**
 * What one engine build uses, read from the host's cgroups. The engine's stats API cannot say:
 * on Podman a build step runs as buildah's own OCI container (`buildah-buildahNNN`), outside
 * Podman's container list; on Docker the classic builder's intermediate containers carry none
 * of the build's labels. What every step of the build does carry is its memory limit, the
 * build's marker (engine-build.ts, podman-leftovers.ts): the cgroups whose memory limit is the
 * marker are this build's steps, whichever engine started them.
 *
 * CPU: the cgroups' CPU time (cgroup v2 `cpu.stat`, v1 `cpuacct.usage`; else the members'
 * /proc ticks) between two readings, in millicores. Memory: the cgroups' use less the page
 * cache the kernel can drop (as `docker stats` counts), else the members' resident memory.
 * Needs the API process to see the host's processes (as the cancel of a step does).
 */
export interface StepUsageRoots {
  proc: string;
  cgroup: string;
  now(): number;
}

const HOST: StepUsageRoots = { proc: '/proc', cgroup: '/sys/fs/cgroup', now: () => Date.now() };
/** USER_HZ: the unit of /proc/<pid>/stat's times on every Linux the platform runs on. */
const TICKS_PER_SECOND = 100;
const MB = 1024 * 1024;

interface Membership {
  /** v2 (`0::<path>`) or v1 (`N:memory:<path>`): where the memory limit is read. */
  memoryDir: string;
  v2: boolean;
  /** v1: the cpuacct hierarchy's directory (null on v2: cpu.stat is in memoryDir). */
  cpuDir: string | null;
}

const read = (file: string) => readFile(file, 'utf8').catch(() => null);

/** Where a process's memory and CPU accounting are, from /proc/<pid>/cgroup; null: no cgroup. */
export function parseCgroupFile(text: string, cgroupRoot: string): Membership | null {
  let v1Memory: string | null = null;
  let v1Cpu: string | null = null;
  let v2: string | null = null;
  for (const line of text.split('\n')) {
    const [, controllers = '', path = ''] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (!path) continue;
    const list = controllers.split(',');
    if (controllers === '') v2 = path;
    if (list.includes('memory')) v1Memory = `${cgroupRoot}/${controllers}${path}`;
    if (list.includes('cpuacct')) v1Cpu = `${cgroupRoot}/${controllers}${path}`;
  }
  if (v1Memory) return { memoryDir: v1Memory, v2: false, cpuDir: v1Cpu };
  if (v2 !== null) return { memoryDir: `${cgroupRoot}${v2}`, v2: true, cpuDir: null };
  return null;
}

/** A cgroup's memory limit in bytes (null: none, or unreadable). */
async function memoryLimit(m: Membership): Promise<number | null> {
  const text = await read(`${m.memoryDir}/${m.v2 ? 'memory.max' : 'memory.limit_in_bytes'}`);
  const value = Number(text?.trim());
  return Number.isFinite(value) && text?.trim() !== '' ? value : null;
}

/** One key of a `key value` file (memory.stat, cpu.stat). */
const statValue = (text: string | null, key: string) => {
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(text ?? '');
  return match ? Number(match[1]) : null;
};

/** The cgroup's CPU time so far in µs (null: not readable, the members' ticks are used). */
async function cgroupCpuMicros(m: Membership): Promise<number | null> {
  if (m.v2) return statValue(await read(`${m.memoryDir}/cpu.stat`), 'usage_usec');
  if (!m.cpuDir) return null;
  const ns = Number((await read(`${m.cpuDir}/cpuacct.usage`))?.trim());
  return Number.isFinite(ns) && ns > 0 ? ns / 1000 : null;
}

/** The cgroup's memory less the inactive page cache (bytes; null: not readable). */
async function cgroupMemory(m: Membership): Promise<number | null> {
  const used = Number(
    (await read(`${m.memoryDir}/${m.v2 ? 'memory.current' : 'memory.usage_in_bytes'}`))?.trim(),
  );
  if (!Number.isFinite(used) || used <= 0) return null;
  const stat = await read(`${m.memoryDir}/memory.stat`);
  const cache = statValue(stat, m.v2 ? 'inactive_file' : 'total_inactive_file') ?? 0;
  return Math.max(0, used - cache);
}

/** A process's CPU ticks (user + system) and resident bytes, from /proc. */
async function processUsage(proc: string, pid: string) {
  const stat = await read(`${proc}/${pid}/stat`);
  const statm = await read(`${proc}/${pid}/statm`);
  // The command is in parentheses and may hold spaces: the fields after its last ')'.
  const fields = stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  const rss = Number(statm?.split(' ')[1] ?? 0) * 4096;
  return { ticks: Number.isFinite(ticks) ? ticks : 0, rss: Number.isFinite(rss) ? rss : 0 };
}

/**
 * The probe of one build whose steps' memory limit is `marker`. Each reading scans /proc for
 * the steps' processes (a process's cgroup is read once), and gives the CPU used since the
 * previous reading; null while no step runs.
 */
export function stepUsageProbe(marker: number, roots: StepUsageRoots = HOST): BuildUsageProbe {
  const memberships = new Map<string, Membership | null>();
  const limits = new Map<string, number | null>();
  /** CPU µs per step cgroup at the previous reading. */
  let previous = new Map<string, number>();
  let previousAt: number | null = null;
  return async (): Promise<BuildUsage | null> => {
    const pids = (await readdir(roots.proc).catch(() => [])).filter((n) => /^\d+$/.test(n));
    const steps = new Map<string, { m: Membership; pids: string[] }>();
    const alive = new Set(pids);
    for (const pid of memberships.keys()) if (!alive.has(pid)) memberships.delete(pid);
    for (const pid of pids) {
      if (!memberships.has(pid)) {
        const text = await read(`${roots.proc}/${pid}/cgroup`);
        memberships.set(pid, text ? parseCgroupFile(text, roots.cgroup) : null);
      }
      const m = memberships.get(pid);
      if (!m) continue;
      if (!limits.has(m.memoryDir)) limits.set(m.memoryDir, await memoryLimit(m));
      if (limits.get(m.memoryDir) !== marker) continue;
      const step = steps.get(m.memoryDir) ?? { m, pids: [] };
      step.pids.push(pid);
      steps.set(m.memoryDir, step);
    }
    const now = roots.now();
    const seconds = previousAt === null ? 0 : (now - previousAt) / 1000;
    const current = new Map<string, number>();
    let cpuMicros = 0;
    let memory = 0;
    for (const [dir, { m, pids: members }] of steps) {
      const byProcess = await Promise.all(members.map((pid) => processUsage(roots.proc, pid)));
      const total =
        (await cgroupCpuMicros(m)) ??
        (byProcess.reduce((sum, p) => sum + p.ticks, 0) * 1e6) / TICKS_PER_SECOND;
      current.set(dir, total);
      // A step that started since the previous reading used all of its time within it; on the
      // first reading nothing is known of before, so it only sets the starting point.
      if (previousAt !== null) cpuMicros += Math.max(0, total - (previous.get(dir) ?? 0));
      memory += (await cgroupMemory(m)) ?? byProcess.reduce((sum, p) => sum + p.rss, 0);
    }
    const first = previousAt === null;
    previous = current;
    previousAt = now;
    if (steps.size === 0 || first || seconds <= 0) return null;
    return {
      cpuMilli: Math.round(cpuMicros / 1000 / seconds),
      ramMb: Math.round(memory / MB),
    };
  };
}
