import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markBuildRunning, otherBuildsRunning } from './host-builds';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'host-builds-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the builds running on this host', () => {
  it('sees another build as running until it ends, and never counts its own', async () => {
    const own = await markBuildRunning('build-a', dir);
    expect(await otherBuildsRunning('build-a', dir)).toBe(false);
    const other = await markBuildRunning('build-b', dir);
    expect(await otherBuildsRunning('build-a', dir)).toBe(true);
    await other();
    expect(await otherBuildsRunning('build-a', dir)).toBe(false);
    await own();
  });

  it('drops the mark of a build whose process died (a killed platform)', async () => {
    // A child that already exited: its process id is nobody's any more.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = path.join(dir, 'build-z.pid');
    await writeFile(stale, String(dead));
    expect(await otherBuildsRunning('build-a', dir)).toBe(false);
    expect(existsSync(stale)).toBe(false);
  });

  it('tells nothing runs where no build ever marked itself', async () => {
    expect(await otherBuildsRunning('build-a', path.join(dir, 'absent'))).toBe(false);
  });
});
