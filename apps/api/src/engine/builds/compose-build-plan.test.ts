import { composeTexts } from '@nuage/shared/messages/compose';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildFailedError } from './builder';
import { composeBuildPlan } from './compose-build-plan';

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'compose-plan-'));
  outside = await mkdtemp(path.join(tmpdir(), 'compose-plan-outside-'));
  await writeFile(path.join(outside, 'Dockerfile'), 'FROM scratch\n');
  await mkdir(path.join(root, 'web'), { recursive: true });
  await writeFile(path.join(root, 'web', 'Dockerfile'), 'FROM scratch\nEXPOSE 3000\n');
  // A repository may hold symbolic links that lead out of it.
  await symlink(outside, path.join(root, 'evasion'));
  await symlink(path.join(outside, 'Dockerfile'), path.join(root, 'web', 'Dockerfile.lien'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const plan = (context: string, dockerfile = 'Dockerfile') =>
  composeBuildPlan(root, { service: 'web', context, dockerfile });

describe('composeBuildPlan', () => {
  it('builds a folder of the checkout with its Dockerfile, its port from EXPOSE', async () => {
    const p = await plan('web');
    expect(p).toMatchObject({
      dockerfile: 'Dockerfile',
      detected: { kind: 'dockerfile', framework: null, port: 3000 },
    });
    expect(p.contextDir.endsWith(`${path.sep}web`)).toBe(true);
  });

  it('never packs a folder or reads a Dockerfile outside the checkout through a symbolic link', async () => {
    const escaped = await plan('evasion').catch((e: unknown) => e);
    expect(escaped).toBeInstanceOf(BuildFailedError);
    expect((escaped as Error).message).toBe(composeTexts.buildContextMissing('web', 'evasion'));
    const linked = await plan('web', 'Dockerfile.lien').catch((e: unknown) => e);
    expect((linked as Error).message).toBe(
      composeTexts.buildDockerfileMissing('web', 'web/Dockerfile.lien'),
    );
    const absent = await plan('api').catch((e: unknown) => e);
    expect((absent as Error).message).toBe(composeTexts.buildContextMissing('web', 'api'));
  });
});
