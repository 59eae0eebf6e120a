import path from 'node:path/posix';
import { RuntimeUnavailableError } from '../../driver';
import type { EngineApi } from './engine-api';
import { createTar, readTarFiles } from './tar';

/**
 * Secret files (Odoo's configuration holding its master password, the values behind `*_FILE`
 * variables, those the secrets' loader exports and the loader itself: secret-env.ts,
 * secret-loader.ts) are written into the container itself, between create and start, with
 * `PUT /containers/{id}/archive`:
 * - nothing lands on the host outside the engine's storage, and it goes with the container;
 * - it works when the API runs elsewhere than the engine's filesystem view (API in a
 *   container, rootless Podman), where a bind-mounted host file would not;
 * - the content is in the spec hash, so changing it recreates the container.
 * The file is 0600 and owned by the image's user (Odoo runs as `odoo`), resolved from the
 * image's /etc/passwd. When that user cannot be resolved the file is 0644 root-owned, as a
 * Kubernetes Secret volume is by default, so the application can still read it.
 */

export interface FileOwner {
  uid: number;
  gid: number;
  mode: number;
}

export interface OwnedFile extends FileOwner {
  path: string;
  content: Buffer;
}

export async function writeFiles(api: EngineApi, id: string, files: OwnedFile[]): Promise<void> {
  if (!files.length) return;
  // Paths are absolute; the archive is extracted at / so missing parent directories are created.
  const tar = createTar(
    files.map((f) => ({
      path: f.path.replace(/^\/+/, ''),
      type: 'file' as const,
      content: f.content,
      mode: f.mode,
      uid: f.uid,
      gid: f.gid,
    })),
  );
  await api.putArchive(id, '/', tar);
}

/**
 * Reads files back from a container (scale copies replica 0's secret files). Every path must
 * come back: a copy without one of them would start a replica without its secret, so a file the
 * engine does not give (404, or an archive without it: seen once under heavy load) is an error,
 * and the apply that asked is tried again by the reconciler.
 */
export async function readFiles(api: EngineApi, id: string, paths: string[]): Promise<OwnedFile[]> {
  const out: OwnedFile[] = [];
  for (const p of paths) {
    const archive = await api.getArchive(id, p);
    const file = archive ? readTarFiles(archive).find((f) => f.path === path.basename(p)) : null;
    if (!file) throw new IncompleteCopyError(id, p, archive === null);
    out.push({ path: p, content: file.content, mode: file.mode, uid: file.uid, gid: file.gid });
  }
  return out;
}

/** Retried with backoff like an engine that does not answer: the application keeps its status. */
export class IncompleteCopyError extends RuntimeUnavailableError {
  constructor(id: string, file: string, missing: boolean) {
    super(
      `could not read ${file} back from container ${id.slice(0, 12)}: ${missing ? 'not found' : 'the engine answered an archive without it'}`,
    );
    this.name = 'IncompleteCopyError';
  }
}

/** Owner and mode for a secret file in a container created from an image running as `user`. */
export async function secretOwner(api: EngineApi, id: string, user: string): Promise<FileOwner> {
  const [who = '', group] = user.split(':');
  if (who === '' || who === 'root' || who === '0') return { uid: 0, gid: 0, mode: 0o600 };
  const passwd = await readEtc(api, id, 'passwd');
  const entry = passwd.find((f) => f[0] === who || f[2] === who);
  const uid = /^\d+$/.test(who) ? Number(who) : entry ? Number(entry[2]) : NaN;
  let gid = entry ? Number(entry[3]) : 0;
  if (group !== undefined) {
    const groups = /^\d+$/.test(group) ? [] : await readEtc(api, id, 'group');
    gid = /^\d+$/.test(group) ? Number(group) : Number(groups.find((g) => g[0] === group)?.[2]);
  }
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) return { uid: 0, gid: 0, mode: 0o644 };
  return { uid, gid, mode: 0o600 };
}

async function readEtc(api: EngineApi, id: string, name: string): Promise<string[][]> {
  const archive = await api.getArchive(id, `/etc/${name}`);
  const file = archive ? readTarFiles(archive)[0] : undefined;
  if (!file) return [];
  return file.content
    .toString('utf8')
    .split('\n')
    .map((line) => line.split(':'));
}
