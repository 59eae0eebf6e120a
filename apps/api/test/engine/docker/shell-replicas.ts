import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { EngineApi } from '../../../src/engine/drivers/docker/engine-api';
import { createTar } from '../../../src/engine/drivers/docker/tar';
import { LABELS, type ApplicationRef } from '../../../src/engine/spec';
import { buildImage } from './test-images';

const BUSYBOX = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p)) ?? '/bin/busybox';

/**
 * Running "replicas" for the terminal's tests (issue 29): containers labelled as an
 * application's, as the docker driver finds them, without applying a whole template.
 */
export interface ShellReplicas {
  /** Replicas of an image with /bin/sh (busybox). */
  withShell: ApplicationRef;
  /** A replica of an image with no shell at all (only /bin/busybox, run directly). */
  withoutShell: ApplicationRef;
  /** The hostname of `withShell`'s first replica (`<name>-0`). */
  hostname: string;
  remove(): Promise<void>;
}

export async function startShellReplicas(api: EngineApi, prefix: string): Promise<ShellReplicas> {
  const shellImage = `localhost/${prefix}-shell:1`;
  const bareImage = `localhost/${prefix}-bare:1`;
  await buildImage(api, shellImage, { cmd: 'sleep 3600' });
  await api.client.request('POST', '/images/create', {
    query: {
      fromSrc: '-',
      repo: bareImage,
      changes: ['CMD ["/bin/busybox","sleep","3600"]'],
    },
    body: createTar([
      { path: 'bin', type: 'directory' },
      { path: 'bin/busybox', type: 'file', content: readFileSync(BUSYBOX), mode: 0o755 },
    ]),
    timeoutMs: 60_000,
  });
  const withShell = ref(`${prefix}-term`);
  const withoutShell = ref(`${prefix}-bare`);
  const hostname = `${prefix}-host`;
  const ids = [
    await start(api, withShell, 0, shellImage, hostname),
    await start(api, withShell, 1, shellImage, `${prefix}-host1`),
    await start(api, withoutShell, 0, bareImage, `${prefix}-bare`),
  ];
  return {
    withShell,
    withoutShell,
    hostname,
    async remove() {
      for (const id of ids) {
        await api.client.send('DELETE', `/containers/${id}`, { query: { force: true } });
      }
      for (const image of [shellImage, bareImage]) {
        await api.client.send('DELETE', `/images/${encodeURIComponent(image)}`, {
          query: { force: true },
        });
      }
    },
  };
}

function ref(name: string): ApplicationRef {
  return { deploymentId: randomUUID(), name, namespace: `${name}-env` };
}

async function start(
  api: EngineApi,
  app: ApplicationRef,
  index: number,
  image: string,
  hostname: string,
): Promise<string> {
  const id = await api.createContainer(`${app.name}-${index}`, {
    Image: image,
    Hostname: hostname,
    Labels: { [LABELS.deploymentId]: app.deploymentId, [LABELS.component]: 'application' },
    HostConfig: { NetworkMode: 'none' },
  });
  await api.startContainer(id);
  return id;
}
