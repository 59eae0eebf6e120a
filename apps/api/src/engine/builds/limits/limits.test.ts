import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { markBuildRunning } from '../host-builds';
import { removeCheckoutLeftovers } from './checkout-leftovers';
import { ContextTooLargeError, directorySize, limitStream, measureStream } from './size-limits';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function workDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ndtest-limits-'));
  dirs.push(dir);
  return dir;
}

describe('build size limits', () => {
  it('measures a working copy, files of every depth', async () => {
    const dir = await workDir();
    await mkdir(path.join(dir, 'a/b'), { recursive: true });
    await writeFile(path.join(dir, 'one'), Buffer.alloc(1000));
    await writeFile(path.join(dir, 'a/b/two'), Buffer.alloc(2000));
    expect(await directorySize(dir)).toBe(3000);
  });

  it('fails a stream past its limit, passes one under it whole', async () => {
    const read = (chunks: Buffer[], max: number) =>
      new Promise<number>((resolve, reject) => {
        let total = 0;
        Readable.from(chunks)
          .pipe(limitStream(max))
          .on('data', (c: Buffer) => (total += c.length))
          .on('end', () => resolve(total))
          .on('error', reject);
      });
    expect(await read([Buffer.alloc(600), Buffer.alloc(400)], 1000)).toBe(1000);
    await expect(read([Buffer.alloc(600), Buffer.alloc(401)], 1000)).rejects.toBeInstanceOf(
      ContextTooLargeError,
    );
  });
});

describe('measuring a build context before sending it', () => {
  it('gives the size of one under the limit, refuses one over it', async () => {
    const chunks = () => Readable.from([Buffer.alloc(600), Buffer.alloc(400)]);
    expect(await measureStream(chunks(), 1000)).toBe(1000);
    await expect(measureStream(chunks(), 999)).rejects.toBeInstanceOf(ContextTooLargeError);
  });
});

describe('checkout leftovers', () => {
  it('removes the working copies of builds no longer running, keeps the running ones', async () => {
    const dir = await workDir();
    const running = '7d7c6a4e-0c3e-4a57-9a55-1f5b8a0f0001';
    const dead = '7d7c6a4e-0c3e-4a57-9a55-1f5b8a0f0002';
    await mkdir(path.join(dir, `nuage-checkout-${running}-AbC123`));
    await mkdir(path.join(dir, `nuage-checkout-${dead}-XyZ789`));
    await writeFile(path.join(dir, `nuage-checkout-${dead}-XyZ789.ca.pem`), 'pem');
    await mkdir(path.join(dir, 'nuage-checkout-Q1w2E3')); // made before ids were in names
    await mkdir(path.join(dir, 'autre-chose'));
    const removed = await removeCheckoutLeftovers(dir, new Set([running]));
    expect(removed.sort()).toEqual([
      'nuage-checkout-7d7c6a4e-0c3e-4a57-9a55-1f5b8a0f0002-XyZ789',
      'nuage-checkout-7d7c6a4e-0c3e-4a57-9a55-1f5b8a0f0002-XyZ789.ca.pem',
      'nuage-checkout-Q1w2E3',
    ]);
    expect((await readdir(dir)).sort()).toEqual([
      'autre-chose',
      `nuage-checkout-${running}-AbC123`,
    ]);
  });

  it('keeps the working copy of a build another platform process on this host is running', async () => {
    const dir = await workDir();
    const markers = await workDir();
    const elsewhere = '7d7c6a4e-0c3e-4a57-9a55-1f5b8a0f0003';
    await mkdir(path.join(dir, `nuage-checkout-${elsewhere}-Kl9mN0`));
    const done = await markBuildRunning(elsewhere, markers);
    expect(await removeCheckoutLeftovers(dir, new Set(), markers)).toEqual([]);
    await done();
    expect(await removeCheckoutLeftovers(dir, new Set(), markers)).toEqual([
      `nuage-checkout-${elsewhere}-Kl9mN0`,
    ]);
  });
});
