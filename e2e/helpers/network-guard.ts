import type { Engine } from '../../bench/lib/docker-engine.mjs';
import { iptables, testGuardEnv } from '../../bench/lib/network-guard.mjs';

// One copy for the e2e files and the benchmarks (bench/lib/network-guard.mjs).
export { removeTestGuard, testGuardEnv } from '../../bench/lib/network-guard.mjs';

/** The server's guard keeps `network` (an environment's) off the host: its subnet has its REJECT. */
export async function guardedSubnet(engine: Engine, prefix: string, network: string) {
  const info = (await engine.network(network)) as {
    IPAM?: { Config?: { Subnet?: string }[] };
  } | null;
  const subnet = info?.IPAM?.Config?.[0]?.Subnet ?? '';
  const chains = testGuardEnv(prefix).NETWORK_GUARD_CHAINS!;
  const rules = iptables('-S', `${chains}-HOST`).toString();
  return { subnet, guarded: subnet !== '' && rules.includes(`-s ${subnet} -j REJECT`) };
}
