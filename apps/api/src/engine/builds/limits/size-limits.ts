import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { BuildFailedError } from '../builder';
import { builderFailureTexts } from '@nuage/shared/messages/builder';

const MIB = 1024 * 1024;

export const sourceTooLarge = (maxBytes: number) =>
  new BuildFailedError(builderFailureTexts.sourceTooLarge(Math.round(maxBytes / MIB)));

export const contextTooLarge = (maxBytes: number) =>
  new BuildFailedError(builderFailureTexts.contextTooLarge(Math.round(maxBytes / MIB)));

/** Bytes of the files under `dir` (symbolic links not followed); stops counting past `stopAt`. */
export async function directorySize(dir: string, stopAt = Infinity): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total <= stopAt) {
    const current = pending.pop()!;
    const names = await readdir(current).catch(() => [] as string[]);
    for (const name of names) {
      const full = path.join(current, name);
      const info = await lstat(full).catch(() => null);
      if (!info) continue; // removed meanwhile (git's temporary files)
      if (info.isDirectory()) pending.push(full);
      else total += info.size;
    }
  }
  return total;
}

/**
 * Measures `dir` every `everyMs` while git writes into it, and calls `onExceeded` once when it
 * grows past `maxBytes`: a fetch or a checkout is stopped while it fills the disk, not after.
 */
export function watchDirectorySize(
  dir: string,
  maxBytes: number,
  onExceeded: () => void,
  everyMs = 1000,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (stopped) return;
    if ((await directorySize(dir, maxBytes)) > maxBytes) {
      stopped = true;
      onExceeded();
      return;
    }
    if (!stopped) timer = setTimeout(() => void check(), everyMs);
  };
  timer = setTimeout(() => void check(), everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Marks a stream that grew past its limit (the build context). */
export class ContextTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(contextTooLarge(maxBytes).message);
    this.name = 'ContextTooLargeError';
  }
}

/** Passes the bytes through and fails the stream once more than `maxBytes` went by. */
export function limitStream(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new ContextTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * The size of a stream read to its end without keeping it, or ContextTooLargeError as soon as it
 * passes `maxBytes`. The build context is measured so before it is sent: an engine that receives
 * a cut one keeps the part it received (Podman leaves it in its temporary directory).
 */
export function measureStream(stream: Readable, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    stream.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        stream.destroy();
        reject(new ContextTooLargeError(maxBytes));
      }
    });
    stream.on('end', () => resolve(seen));
    stream.on('error', reject);
  });
}
