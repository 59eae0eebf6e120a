import type { KubeClient } from '../../src/engine/drivers/kubernetes/kube-client';
import { isNotFound } from '../../src/engine/drivers/kubernetes/kube-errors';

/** NUAGE_CLUSTER_WAIT_SECONDS (default 600): each wait's bound (image pulls on a new cluster). */
export const WAIT_MS = Number(process.env.NUAGE_CLUSTER_WAIT_SECONDS ?? 600) * 1000;

/** `check` again every 500 ms until it gives a value; its last error is in the timeout's. */
export async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${WAIT_MS / 1000} s (${String(last ?? '')})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The names of the objects at `path` with the label `selector`. */
export const listNames = (client: KubeClient, path: string, selector: string) =>
  client
    .json<{ items: { metadata: { name: string } }[] }>('GET', path, {
      query: { labelSelector: selector },
    })
    .then((l) => l.items.map((i) => i.metadata.name));

/** Waits until none of `namespaces` exists any more (their finalisers ran). */
export const namespacesGone = (client: KubeClient, namespaces: string[]) =>
  until('the namespaces finalised', async () => {
    for (const namespace of namespaces) {
      try {
        await client.json('GET', `/api/v1/namespaces/${namespace}`);
        return undefined;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return true;
  });
