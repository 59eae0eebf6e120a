import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedPostgresError } from './binaries';

/** The unprivileged account the server runs as when the platform runs as root. */
export interface ServerAccount {
  name: string;
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the account that owns an
 * existing data directory, else as `nuagedeploy` when the operator created that system account
 * (recommended), else as `nobody`. Undefined: not root, the server runs as this process's user.
 */
export async function chooseServerAccount(dataDir: string): Promise<ServerAccount | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await stat(dataDir).catch(() => undefined);
  if (existing && existing.uid !== 0) {
    return { name: `uid ${existing.uid}`, uid: existing.uid, gid: existing.gid };
  }
  for (const name of ['nuagedeploy', 'nobody']) {
    const account = await lookUpAccount(name);
    if (account) return account;
  }
  throw new EmbeddedPostgresError(
    'Running as root, and neither a `nuagedeploy` nor a `nobody` account exists to run PostgreSQL (it refuses root): create one (useradd --system nuagedeploy) or set DATABASE_URL.',
  );
}

const run = promisify(execFile);

async function lookUpAccount(name: string): Promise<ServerAccount | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', name]).then((r) => Number.parseInt(r.stdout, 10)),
      run('id', ['-g', name]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * DATA_DIR (root's, often made 0700 by mkdtemp or a umask) gets the search bit for others, so the
 * server's account can reach its own directory inside; nothing becomes listable or readable, and
 * the files in it keep their modes (secrets stay 0600). Directories above it are the operator's.
 */
export async function letAccountTraverse(dir: string, account: ServerAccount) {
  const s = await stat(dir);
  if (s.uid === 0 && !searchableBy(s, account)) await chmod(dir, (s.mode & 0o7777) | 0o001);
}

function searchableBy(s: { uid: number; gid: number; mode: number }, account: ServerAccount) {
  const bit = s.uid === account.uid ? 0o100 : s.gid === account.gid ? 0o010 : 0o001;
  return (s.mode & bit) !== 0;
}

/**
 * Fails with the directory to fix when `account` cannot reach `target` (every directory above it
 * must be searchable by it): otherwise the server would die with a bare "permission denied".
 */
export async function assertReachable(target: string, account: ServerAccount, what: string) {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (!searchableBy(await stat(dir), account)) {
      throw new EmbeddedPostgresError(
        `PostgreSQL runs as ${account.name} (it refuses root), which cannot reach ${what} ${target}: ${dir} is not searchable by it. Allow it (chmod o+x ${dir}), move ${what} elsewhere, or set DATABASE_URL.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}
