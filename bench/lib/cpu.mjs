// CPU time of processes, read from /proc (Linux): what a load or an idle spell cost, which the
// machine's other work disturbs much less than latencies do.
import { readFile } from 'node:fs/promises';

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const TICK_MS = 10;

/** utime + stime of one process, and what it collected from its reaped children, in ms. */
async function processCpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return { own: 0, children: 0 };
  // Fields after "(comm)": state is field 3; utime 14, stime 15, cutime 16, cstime 17.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    own: (Number(f[11]) + Number(f[12])) * TICK_MS,
    children: (Number(f[13]) + Number(f[14])) * TICK_MS,
  };
}

/**
 * CPU used so far by `root` and the processes below it (`pids`, root first): their own time,
 * plus what the root collected from children that have ended (a database's short-lived workers).
 */
export async function treeCpuMs(pids) {
  let total = 0;
  for (const [i, pid] of pids.entries()) {
    const { own, children } = await processCpuMs(pid);
    total += own + (i === 0 ? children : 0);
  }
  return total;
}
