import { appendFile, chown, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedPostgresError, type PostgresBinaries } from './binaries';
import { runToCompletion } from './run-program';
import type { ServerAccount } from './server-account';

export interface InitOptions {
  binaries: PostgresBinaries;
  /** Where the cluster ends up (DATA_DIR/postgres); it must not exist yet. */
  dataDir: string;
  account: ServerAccount | undefined;
  password: string;
  env: NodeJS.ProcessEnv;
  /** Settings appended to postgresql.conf, where operators can change them later. */
  settings: Record<string, string>;
  /** false skips initdb's fsync (throw-away clusters of the tests only). */
  durable: boolean;
}

/**
 * initdb into a sibling directory renamed into place once complete: a start killed half-way
 * leaves no half-made cluster behind, only a directory the next start removes.
 */
export async function initCluster(options: InitOptions) {
  const { dataDir, account } = options;
  const partial = `${dataDir}.initdb-partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  if (account) await chown(partial, account.uid, account.gid);

  // initdb reads the superuser's password from a file; it lives only while initdb runs.
  const secretDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-initdb-'));
  const passwordFile = path.join(secretDir, 'password');
  try {
    await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
    if (account) {
      await chown(secretDir, account.uid, account.gid);
      await chown(passwordFile, account.uid, account.gid);
    }
    await runToCompletion(
      options.binaries.initdb,
      [
        `--pgdata=${partial}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode case mapping, the same on every machine (no OS locale).
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
        ...(options.durable ? [] : ['--no-sync']),
      ],
      { env: options.env, account },
    );
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed: ${(err as Error).message}`);
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
  const conf = Object.entries(options.settings)
    .map(([name, value]) => `${name} = ${value}`)
    .join('\n');
  await appendFile(
    path.join(partial, 'postgresql.conf'),
    `\n# NuageDeploy's embedded server: sized for a small machine; edit freely.\n${conf}\n`,
  );
  await rename(partial, dataDir);
}
