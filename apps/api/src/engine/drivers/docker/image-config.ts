import { randomBytes } from 'node:crypto';
import { LABELS, MANAGED_BY } from '../../spec';
import type { ImageRunConfigs } from './container-spec';
import type { EngineApi } from './engine-api';
import { EngineError } from './engine-client';
import type { ImageRunConfig } from './secret-loader';

/**
 * Reads, for the images that run behind the secrets' loader (secret-loader.ts), what Docker
 * would run (the image's Entrypoint then Cmd) and whether /bin/sh exists. The shell is looked
 * for in a container created from the image and never started (no network), removed at once:
 * the image's metadata does not list its files. Known per image id for the process's life.
 */

const shellByImageId = new Map<string, boolean>();
/** Image ids change with every build of a user's code: the oldest answers are forgotten. */
const MAX_REMEMBERED = 500;

const argv = (v: string[] | string | null | undefined): string[] =>
  v == null ? [] : Array.isArray(v) ? v : [v];

export async function imageRunConfigs(api: EngineApi, images: string[]): Promise<ImageRunConfigs> {
  const out = new Map<string, ImageRunConfig>();
  for (const image of new Set(images)) {
    const inspected = await api.inspectImage(image);
    // ensureImages pulled it just before: absent now means the engine lost it meanwhile.
    if (!inspected) throw new EngineError(404, `image ${image} is not in the engine`);
    let hasShell = shellByImageId.get(inspected.Id);
    if (hasShell === undefined) {
      hasShell = await imageHasShell(api, image);
      if (shellByImageId.size >= MAX_REMEMBERED) {
        shellByImageId.delete(shellByImageId.keys().next().value!);
      }
      shellByImageId.set(inspected.Id, hasShell);
    }
    out.set(image, {
      entrypoint: argv(inspected.Config?.Entrypoint),
      cmd: argv(inspected.Config?.Cmd),
      hasShell,
    });
  }
  return out;
}

async function imageHasShell(api: EngineApi, image: string): Promise<boolean> {
  const id = await api.createContainer(`nuage-shell-check-${randomBytes(4).toString('hex')}`, {
    Image: image,
    // A command is required to create a container of an image without any (FROM scratch).
    Entrypoint: ['/bin/sh'],
    Cmd: [],
    Labels: { [LABELS.managedBy]: MANAGED_BY },
    HostConfig: { NetworkMode: 'none' },
  });
  try {
    // A symlink (/bin/sh → dash, /bin → usr/bin) answers too: only a missing path is null.
    return (await api.getArchive(id, '/bin/sh')) !== null;
  } finally {
    await api.removeContainer(id);
  }
}
