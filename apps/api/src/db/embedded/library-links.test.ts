import { execFile } from 'node:child_process';
import { chmod, cp, lstat, readFile, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newDataDir } from '../../../test/helpers/embedded-server';
import { locateBinaries } from './binaries';
import { restoreLibraryLinks } from './library-links';

const run = promisify(execFile);
const moduleFile = fileURLToPath(new URL('./library-links.ts', import.meta.url));
const NOBODY = 65534;

/**
 * A copy of the binaries' package as npm leaves it when it skips install scripts: the library
 * links of native/pg-symlinks.json missing.
 */
let dir: string;
let nativeDir: string;
let links: string[];
beforeEach(async () => {
  dir = await newDataDir();
  const real = await locateBinaries();
  const packageDir = path.join(dir, 'node_modules', 'binaries');
  await cp(path.dirname(real.nativeDir), packageDir, { recursive: true, verbatimSymlinks: true });
  nativeDir = path.join(packageDir, 'native');
  const list = JSON.parse(await readFile(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as {
    target: string;
  }[];
  links = list.map((l) => path.join(packageDir, l.target));
  await Promise.all(links.map((l) => rm(l, { force: true })));
});
afterEach(async () => {
  await chmod(path.join(nativeDir, 'lib'), 0o755).catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

const initdbVersion = (env: NodeJS.ProcessEnv = {}) =>
  run(path.join(nativeDir, 'bin', 'initdb'), ['--version'], { env: { ...process.env, ...env } });

describe('the shared-library links npm does not restore', () => {
  it('are restored beside the libraries, once, and then the programs run', async () => {
    await expect(initdbVersion()).rejects.toThrow(/error while loading shared libraries/);

    expect(await restoreLibraryLinks(nativeDir, path.join(dir, 'fallback'))).toEqual({});
    expect(await restoreLibraryLinks(nativeDir, path.join(dir, 'fallback'))).toEqual({});

    expect((await initdbVersion()).stdout).toMatch(/^initdb \(PostgreSQL\) 18\./);
    for (const link of links) expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(nativeDir, 'lib', 'libpq.so.5'))).toMatch(
      /^libpq\.so\.5\.\d+$/,
    );
  });

  it('are made in a directory of their own, for LD_LIBRARY_PATH, when the package is read-only', async () => {
    const fallback = path.join(dir, 'fallback');
    await chmod(path.join(nativeDir, 'lib'), 0o555);
    // Root writes anywhere: the restore then runs as `nobody`, for whom the package is read-only.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chmod(dir, 0o777);
    const script = `import { restoreLibraryLinks } from ${JSON.stringify(moduleFile)};
      console.log(JSON.stringify(await restoreLibraryLinks(${JSON.stringify(nativeDir)}, ${JSON.stringify(fallback)})));`;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.dirname(moduleFile), ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) },
    );

    expect(JSON.parse(stdout)).toEqual({ extraLibraryDir: fallback });
    for (const link of links) await expect(lstat(link)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await initdbVersion({ LD_LIBRARY_PATH: fallback })).stdout).toMatch(
      /PostgreSQL\) 18\./,
    );
  });
});
