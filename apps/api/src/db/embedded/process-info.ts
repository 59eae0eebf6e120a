import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

import { isAlive } from '../../lib/process-alive';

const run = promisify(execFile);

/** Command line and parent of a running process (/proc on Linux, `ps` elsewhere). */
export async function describeProcess(
  pid: number,
): Promise<{ command: string; parentPid: number } | undefined> {
  try {
    if (process.platform === 'linux') {
      const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
      // The command name in field 2 may hold spaces and parentheses: fields after the last ')'.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return { command, parentPid };
    }
    const { stdout } = await run('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(.*)$/.exec(stdout.trim());
    return match ? { command: match[2]!, parentPid: Number(match[1]) } : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves once `pid` is gone, or with false after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
