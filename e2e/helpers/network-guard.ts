import { execFileSync } from 'node:child_process';
import type { Engine } from '../../bench/lib/docker-engine.mjs';

/**
 * The network guard of an e2e server on the docker runtime: the test image with Debian's
 * iptables, and a container and iptables chains of the server's own (parallel e2e files run
 * their own guards side by side: each keeps its own chains, their jumps coexist). The server
 * never removes its guard (it outlives restarts): removeTestGuard does, then its chains.
 */
export function testGuardEnv(prefix: string): Record<string, string> {
  return {
    NETWORK_GUARD_IMAGE: 'localhost/nuage-test-guard:bookworm',
    NETWORK_GUARD_CONTAINER: `${prefix}-guard`,
    // A valid chain prefix (letters, digits, -; ≤ 23 characters): ndwp-1a2b3c → E2E-ndwp-1a2b3c.
    NETWORK_GUARD_CHAINS: `E2E-${prefix}`.slice(0, 23),
  };
}

const iptables = (...args: string[]) =>
  execFileSync('iptables', ['-w', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

/** The guard container, then its jumps and chains (nothing else's). */
export async function removeTestGuard(engine: Engine, prefix: string): Promise<void> {
  const guard = await engine.inspect(`${prefix}-guard`);
  if (guard) await engine.removeContainer(guard.Id);
  const chains = testGuardEnv(prefix).NETWORK_GUARD_CHAINS!;
  // The guard's jumps carry this comment (guard-script.ts GUARD_JUMP_MARK).
  const mark = ['-m', 'comment', '--comment', 'nuagedeploy-guard'];
  for (const [chain, target] of [
    ['FORWARD', `${chains}-1`],
    ['INPUT', `${chains}-HOST`],
  ]) {
    for (;;) {
      try {
        iptables('-D', chain!, ...mark, '-j', target!);
      } catch {
        break;
      }
    }
  }
  for (const flag of ['-F', '-X'])
    for (const suffix of ['1', '2', 'LAN', 'HOST']) {
      try {
        iptables(flag, `${chains}-${suffix}`);
      } catch {
        // never created
      }
    }
}

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
