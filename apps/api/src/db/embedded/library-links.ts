import { lstat, mkdir, readdir, readFile, readlink, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

interface LinkEntry {
  /** The real file, relative to the package root ("native/lib/libpq.so.5.18"). */
  source: string;
  /** The link to make beside it ("native/lib/libpq.so.5"). */
  target: string;
}

/**
 * npm packs no symbolic links, so the binaries' package lists its shared-library links in
 * native/pg-symlinks.json and restores them in a post-install script, which npm 11 may not run.
 * This does the same at every start, idempotently. When the package directory is read-only
 * (an image whose node_modules belong to root), the links are made in `fallbackDir` instead and
 * the returned directory must be put in LD_LIBRARY_PATH (it wins over the binaries' RUNPATH).
 */
export async function restoreLibraryLinks(
  nativeDir: string,
  fallbackDir: string,
): Promise<{ extraLibraryDir?: string }> {
  const packageDir = path.dirname(nativeDir);
  const entries = await readLinkList(nativeDir);
  try {
    for (const entry of entries) {
      const source = path.join(packageDir, entry.source);
      await ensureLink(path.join(packageDir, entry.target), path.basename(source));
    }
    return {};
  } catch (err) {
    if (!isPermissionError(err)) throw err;
  }
  await mkdir(fallbackDir, { recursive: true, mode: 0o755 });
  // The whole library directory is mirrored: a library found through a link here looks for its
  // own dependencies in $ORIGIN, which is then this directory.
  const libDir = path.join(nativeDir, 'lib');
  for (const entry of await readdir(libDir, { withFileTypes: true })) {
    if (entry.isFile()) {
      await ensureLink(path.join(fallbackDir, entry.name), path.join(libDir, entry.name));
    }
  }
  for (const entry of entries) {
    await ensureLink(
      path.join(fallbackDir, path.basename(entry.target)),
      path.join(packageDir, entry.source),
    );
  }
  return { extraLibraryDir: fallbackDir };
}

async function readLinkList(nativeDir: string): Promise<LinkEntry[]> {
  try {
    return JSON.parse(
      await readFile(path.join(nativeDir, 'pg-symlinks.json'), 'utf8'),
    ) as LinkEntry[];
  } catch (err) {
    // Packages for other systems (macOS) may ship without links to restore.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Makes `link` point at `pointsTo`, unless it already does. */
async function ensureLink(link: string, pointsTo: string) {
  const existing = await lstat(link).catch(() => undefined);
  if (existing?.isSymbolicLink() && (await readlink(link)) === pointsTo) return;
  // A regular file of that name is a copy of the library (some tools unpack links so): keep it.
  if (existing && !existing.isSymbolicLink()) return;
  if (existing) await rm(link, { force: true });
  try {
    await symlink(pointsTo, link);
  } catch (err) {
    // Another process starting at the same moment made it first.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

function isPermissionError(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}
