import type { EngineClient } from './engine-client';
import { isPodman } from './engine-kind';

/**
 * Reads of the engine's networks that never use Podman's compatible network endpoints.
 *
 * Podman before 5.0.2 (Debian bookworm ships 4.3.1) deletes an option from its cached network
 * while converting it for `GET /networks` and `GET /networks/{name}`: two such reads at once
 * crash the whole service with « concurrent map writes » (containers/podman#22330), and every
 * tenant's containers lose their engine with it (seen in this project's CI, the engine reading
 * its networks while a test listed them). On Podman the same facts come from the libpod API,
 * which reads without writing; Docker keeps its own endpoints.
 */
export interface NetworkFacts {
  name: string;
  internal: boolean;
  labels: Record<string, string>;
  subnets: { subnet: string; gateway?: string }[];
}

interface CompatNetwork {
  Name: string;
  Internal?: boolean;
  Labels?: Record<string, string> | null;
  IPAM?: { Config?: { Subnet?: string; Gateway?: string }[] | null } | null;
}

interface LibpodNetwork {
  name: string;
  internal?: boolean;
  labels?: Record<string, string> | null;
  subnets?: { subnet?: string; gateway?: string }[] | null;
}

const fromCompat = (n: CompatNetwork): NetworkFacts => ({
  name: n.Name,
  internal: n.Internal === true,
  labels: n.Labels ?? {},
  subnets: (n.IPAM?.Config ?? []).map((c) => ({
    subnet: c.Subnet ?? '',
    ...(c.Gateway ? { gateway: c.Gateway } : {}),
  })),
});

const fromLibpod = (n: LibpodNetwork): NetworkFacts => ({
  name: n.name,
  internal: n.internal === true,
  labels: n.labels ?? {},
  subnets: (n.subnets ?? []).map((s) => ({
    subnet: s.subnet ?? '',
    ...(s.gateway ? { gateway: s.gateway } : {}),
  })),
});

/** The network named `name`, or null when the engine has none. */
export async function inspectNetwork(
  client: EngineClient,
  name: string,
): Promise<NetworkFacts | null> {
  const path = `/networks/${encodeURIComponent(name)}`;
  if (await isPodman(client)) {
    const found = await client.optional<LibpodNetwork>('GET', `/libpod${path}/json`);
    return found && fromLibpod(found);
  }
  const found = await client.optional<CompatNetwork>('GET', path);
  return found && fromCompat(found);
}

/** The networks whose labels match every `key=value` of `labels`. */
export async function listNetworks(
  client: EngineClient,
  labels: string[],
): Promise<NetworkFacts[]> {
  const query = { filters: JSON.stringify({ label: labels }) };
  if (await isPodman(client)) {
    const list = await client.json<LibpodNetwork[] | null>('GET', '/libpod/networks/json', {
      query,
    });
    return (list ?? []).map(fromLibpod);
  }
  const list = await client.json<CompatNetwork[] | null>('GET', '/networks', { query });
  return (list ?? []).map(fromCompat);
}
