import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { isBackupPart } from '../../engine/backup-parts';

/**
 * One backup = one `.tar.gz` holding the driver's parts (manifest, dump, files tar), so a
 * single size and SHA-256 identify it wherever it is copied.
 */

export interface ArchiveFacts {
  sizeBytes: number;
  sha256: string;
}

/** Packs every part found in `dir` into `target`, hashing the bytes as they are written. */
export async function packArchive(dir: string, target: string): Promise<ArchiveFacts> {
  const names = (await readdir(dir)).filter((n) => isBackupPart(n)).sort();
  const pack = tar.pack();
  const feed = (async () => {
    for (const name of names) {
      const path = join(dir, name);
      const { size } = await stat(path);
      const entry = pack.entry({ name, size, mode: 0o600 });
      await pipeline(createReadStream(path), entry);
    }
    pack.finalize();
  })();
  const hashing = hashingStream();
  await Promise.all([
    feed,
    pipeline(pack, createGzip(), hashing.stream, createWriteStream(target)),
  ]);
  return hashing.facts();
}

/** Unpacks the known parts of an archive into `dir` (anything else is ignored). */
export async function unpackArchive(archive: string, dir: string): Promise<void> {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    if (header.type !== 'file' || !isBackupPart(header.name)) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    pipeline(stream, createWriteStream(join(dir, header.name))).then(() => next(), next);
  });
  await pipeline(createReadStream(archive), createGunzip(), extract);
}

/** Size and SHA-256 of a file, read from disk (the local copy's verification). */
export async function factsOfFile(path: string): Promise<ArchiveFacts> {
  const hashing = hashingStream();
  await pipeline(createReadStream(path), hashing.stream, async (source) => {
    for await (const chunk of source) void chunk;
  });
  return hashing.facts();
}

/** A pass-through that counts and hashes what flows through it. */
export function hashingStream() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  let digest: string | null = null;
  return {
    stream,
    facts: (): ArchiveFacts => {
      digest ??= hash.digest('hex');
      return { sizeBytes: size, sha256: digest };
    },
  };
}
