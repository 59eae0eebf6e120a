import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { RuntimeRejectedError } from '../../driver';
import { ENGINE_API_VERSION } from './engine-client';
import type { EngineApi } from './engine-api';
import { errorText, openStream, putArchiveStream } from './engine-stream';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

/**
 * The files volume as a tar whose paths are relative to the mount point (`wp-content/…`, not
 * `html/wp-content/…`), so it unpacks into any application of the template, whatever the
 * engine's archive API named the top directory.
 */
export async function saveVolumeTar(
  api: EngineApi,
  containerId: string,
  mountPath: string,
  target: string,
): Promise<void> {
  const res = await openStream(api.client, 'GET', `/containers/${containerId}/archive`, {
    query: { path: mountPath },
    timeoutMs: 60 * 60_000,
  });
  if (res.status >= 400) {
    throw new RuntimeRejectedError(
      runtimeBackupTexts.filesReadFailed(
        `${ENGINE_API_VERSION} archive ${res.status}`,
        await errorText(res.body),
      ),
    );
  }
  // Renamed as it arrives, written as it is renamed: the socket pauses when the disk lags.
  await stripTopDirectory(res.body, target);
}

/**
 * Packs the volume tar at `source` into the files volume mounted at `path` of `containerId`
 * (a one-off container of the restore), read from disk as the engine takes it.
 */
export async function loadVolumeTar(
  api: EngineApi,
  containerId: string,
  path: string,
  source: string,
): Promise<void> {
  await putArchiveStream(api.client, containerId, path, createReadStream(source));
}

/**
 * Copies one file of any size into `dir` of a container as `name`, streamed as a one-entry tar
 * (a database dump before it is loaded).
 */
export async function copyFileInto(
  api: EngineApi,
  containerId: string,
  dir: string,
  name: string,
  file: string,
): Promise<void> {
  const { size } = await stat(file);
  const pack = tar.pack();
  const packed = (async () => {
    await pipeline(createReadStream(file), pack.entry({ name, size, mode: 0o644 }));
    pack.finalize();
  })();
  const put = putArchiveStream(api.client, containerId, dir, pack).catch((err: unknown) => {
    pack.destroy(err as Error); // the file stops being read
    throw err;
  });
  await Promise.all([packed, put]);
}

async function stripTopDirectory(source: Readable, target: string): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const strip = (path: string) => {
    const slash = path.indexOf('/');
    return slash === -1 ? '' : path.slice(slash + 1);
  };
  extract.on('entry', (header, stream, next) => {
    const name = strip(header.name);
    if (name === '') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    // Hard links name their target by its path in the archive, which loses its top directory too.
    const linkname =
      header.type === 'link' && header.linkname ? strip(header.linkname) : header.linkname;
    const renamed = { ...header, name, linkname };
    if (header.type === 'file' || header.type === 'contiguous-file') {
      stream.pipe(pack.entry(renamed, (err) => next(err ?? undefined)));
    } else {
      stream.resume();
      pack.entry(renamed, (err) => next(err ?? undefined));
    }
  });
  extract.on('finish', () => pack.finalize());
  await Promise.all([pipeline(source, extract), pipeline(pack, createWriteStream(target))]);
}
