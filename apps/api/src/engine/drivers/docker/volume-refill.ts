import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { RuntimeRejectedError } from '../../driver';
import type { EngineApi } from './engine-api';
import { loadVolumeTar } from './volume-archive';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

const FILES_MOUNT = '/nuagedeploy-files';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Empties a volume (the files volume by default) and unpacks the backup's tar into it, from a
 * one-off container of the application's own image (it has a shell and the right users)
 * mounting the volume.
 */
export async function refillVolume(
  api: EngineApi,
  spec: ApplicationSpec,
  image: string,
  files: string,
  volume = spec.app.volume.claimName,
) {
  const name = `${volume === spec.app.volume.claimName ? spec.name : volume}-restore`;
  const existing = await api.inspectContainer(name);
  if (existing) await api.removeContainer(existing.Id);
  const id = await api.createContainer(name, {
    Image: image,
    Entrypoint: ['sh', '-c'],
    // rm of every entry, dot files too (POSIX sh: a pattern matching nothing stays as written,
    // which -f ignores): BusyBox's find, in small images, has no -delete.
    Cmd: [`rm -rf ${FILES_MOUNT}/* ${FILES_MOUNT}/.[!.]* ${FILES_MOUNT}/..?*`],
    User: '0',
    Labels: { [LABELS.managedBy]: MANAGED_BY, 'nuagedeploy.io/restore-of': spec.deploymentId },
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      CapAdd: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER'],
      Mounts: [{ Type: 'volume', Source: volume, Target: FILES_MOUNT }],
    },
  });
  try {
    await api.startContainer(id);
    const exit = await waitForExit(api, id, 10 * 60_000);
    if (exit !== 0) {
      throw new RuntimeRejectedError(runtimeBackupTexts.filesDumpFailed(exit));
    }
    await loadVolumeTar(api, id, FILES_MOUNT, files);
  } finally {
    await api.removeContainer(id);
  }
}

async function waitForExit(api: EngineApi, id: string, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (!c) return null;
    if (!c.State.Running && c.State.Status !== 'created') return c.State.ExitCode;
    if (Date.now() >= deadline) return null;
    await sleep(200);
  }
}
