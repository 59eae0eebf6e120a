import { spawn, type SpawnOptions } from 'node:child_process';
import type { ServerAccount } from './server-account';

export interface ProgramOptions {
  env: NodeJS.ProcessEnv;
  /** Runs the program as this account (the platform runs as root); else as this process. */
  account: ServerAccount | undefined;
}

export function spawnOptions({ env, account }: ProgramOptions): SpawnOptions {
  // libuv drops root's supplementary groups when it switches user.
  return {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  };
}

/** Runs a program to its end; a failure carries the end of what it wrote. */
export function runToCompletion(file: string, args: string[], options: ProgramOptions) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, spawnOptions(options));
    // A platform stopped meanwhile takes the program with it (initdb's half-made directory is
    // removed at the next start).
    const stopChild = () => child.kill('SIGTERM');
    process.on('exit', stopChild);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0) resolve();
      else reject(new Error(`${file} exited with ${signal ?? code}: ${output.trim()}`));
    });
  });
}
