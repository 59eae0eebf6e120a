// Memory of processes, read from /proc (Linux): RSS of one process, PSS of a group (shared pages
// split between the processes that map them, so a server's processes add up honestly).
import { readdir, readFile } from 'node:fs/promises';

const kibField = (text, field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

export const MiB = (kib) => kib / 1024;

export async function rssKiB(pid) {
  return kibField(await readFile(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
}

/** Sum of PSS over `pids`; processes gone meanwhile count for nothing. */
export async function pssKiB(pids) {
  let total = 0;
  for (const pid of pids) {
    const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    total += kibField(text, 'Pss');
  }
  return total;
}

/** `pid` and every process below it. */
export async function processTree(pid) {
  const parents = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(Number(entry), ppid);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}
