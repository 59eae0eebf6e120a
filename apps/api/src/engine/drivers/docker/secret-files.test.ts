import { describe, expect, it } from 'vitest';
import { RuntimeUnavailableError } from '../../driver';
import type { EngineApi } from './engine-api';
import { IncompleteCopyError, readFiles } from './secret-files';
import { createTar } from './tar';

/** An engine whose archive answers are given per path (null: the engine's 404). */
const engineAnswering = (archives: Record<string, Buffer | null>) =>
  ({ getArchive: async (_id: string, p: string) => archives[p] ?? null }) as unknown as EngineApi;

const archiveOf = (name: string, content: string) =>
  createTar([
    { path: name, type: 'file', content: Buffer.from(content), mode: 0o600, uid: 101, gid: 102 },
  ]);

describe('reading a replica’s secret files back (a scale copies them)', () => {
  it('answers every file with its content, owner and mode', async () => {
    const api = engineAnswering({
      '/run/secrets/a': archiveOf('a', 'un'),
      '/etc/odoo/odoo.conf': archiveOf('odoo.conf', 'admin_passwd = x'),
    });
    const files = await readFiles(api, 'c1', ['/run/secrets/a', '/etc/odoo/odoo.conf']);
    expect(files.map((f) => [f.path, f.content.toString(), f.mode, f.uid, f.gid])).toEqual([
      ['/run/secrets/a', 'un', 0o600, 101, 102],
      ['/etc/odoo/odoo.conf', 'admin_passwd = x', 0o600, 101, 102],
    ]);
  });

  it('fails, to be tried again, when the engine answers an archive without the file', async () => {
    // An archive of two empty blocks: what the engine answered once under heavy load.
    const api = engineAnswering({
      '/run/secrets/a': archiveOf('a', 'un'),
      '/run/secrets/b': Buffer.alloc(1024),
    });
    const read = readFiles(api, 'c1', ['/run/secrets/a', '/run/secrets/b']);
    await expect(read).rejects.toBeInstanceOf(IncompleteCopyError);
    // The reconciler's retry with backoff, the application keeping its status.
    await expect(read).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await expect(read).rejects.toThrow(/\/run\/secrets\/b .*archive without it/);
  });

  it('fails when the file is not in the replica at all', async () => {
    const read = readFiles(engineAnswering({}), 'c1', ['/run/secrets/a']);
    await expect(read).rejects.toThrow(/\/run\/secrets\/a .*not found/);
  });
});
