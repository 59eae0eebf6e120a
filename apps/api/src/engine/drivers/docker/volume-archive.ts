import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { RuntimeRejectedError } from '../../driver';
import { ENGINE_API_VERSION } from './engine-client';
import type { EngineApi } from './engine-api';

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
  const raw = `${target}.raw`;
  const out = createWriteStream(raw);
  const res = await api.client.send('GET', `/containers/${containerId}/archive`, {
    query: { path: mountPath },
    timeoutMs: 60 * 60_000,
    onData: (chunk) => out.write(chunk),
  });
  out.end();
  await new Promise<void>((resolve) => out.on('close', () => resolve()));
  if (res.status >= 400) {
    const message = (await readFile(raw, 'utf8')).slice(0, 300);
    await rm(raw, { force: true });
    throw new RuntimeRejectedError(
      `Lecture des fichiers de l'application impossible (${ENGINE_API_VERSION} archive ${res.status}) : ${message}`,
    );
  }
  await stripTopDirectory(raw, target);
  await rm(raw, { force: true });
}

async function stripTopDirectory(source: string, target: string): Promise<void> {
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
  await Promise.all([
    pipeline(createReadStream(source), extract),
    pipeline(pack, createWriteStream(target)),
  ]);
}
