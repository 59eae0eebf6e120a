import type { EngineClient } from './engine-client';

const podmanEngines = new WeakMap<EngineClient, Promise<boolean>>();

/**
 * Whether the engine behind `client` is Podman (its `/version` names a "Podman Engine"
 * component): asked once per client, and again after a failed ask. Podman needs its own API
 * where the compatible one falls short (network reads, build leftovers).
 */
export function isPodman(client: EngineClient): Promise<boolean> {
  let known = podmanEngines.get(client);
  if (!known) {
    known = client
      .json<{ Components?: { Name?: string }[] }>('GET', '/version')
      .then((v) => (v?.Components ?? []).some((c) => /podman/i.test(c.Name ?? '')));
    known.catch(() => podmanEngines.delete(client));
    podmanEngines.set(client, known);
  }
  return known;
}
