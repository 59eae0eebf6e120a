// The network guard of a test or benchmark server on the docker runtime: the test image with
// Debian's iptables (e2e/support), and a container and iptables chains of the server's own
// (parallel e2e files and benchmarks run their own guards side by side: each keeps its own
// chains, their jumps coexist). The server never removes its guard (it outlives restarts):
// removeTestGuard does, then its chains.
import { execFileSync } from 'node:child_process';

export function testGuardEnv(prefix) {
  return {
    NETWORK_GUARD_IMAGE: 'localhost/nuage-test-guard:bookworm',
    NETWORK_GUARD_CONTAINER: `${prefix}-guard`,
    // A valid chain prefix (letters, digits, -; ≤ 23 characters): ndwp-1a2b3c → E2E-ndwp-1a2b3c.
    NETWORK_GUARD_CHAINS: `E2E-${prefix}`.slice(0, 23),
  };
}

export const iptables = (...args) =>
  execFileSync('iptables', ['-w', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

/** The guard container, then its jumps and chains (nothing else's). */
export async function removeTestGuard(engine, prefix) {
  const guard = await engine.inspect(`${prefix}-guard`);
  if (guard) await engine.removeContainer(guard.Id);
  const chains = testGuardEnv(prefix).NETWORK_GUARD_CHAINS;
  // The guard's jumps carry this comment (guard-script.ts GUARD_JUMP_MARK).
  const mark = ['-m', 'comment', '--comment', 'nuagedeploy-guard'];
  for (const [chain, target] of [
    ['FORWARD', `${chains}-1`],
    ['INPUT', `${chains}-HOST`],
    // Databases' public endpoints (guard/public-endpoint-rules.ts).
    ['OUTPUT', `${chains}-PUB`],
  ]) {
    for (;;) {
      try {
        iptables('-D', chain, ...mark, '-j', target);
      } catch {
        break;
      }
    }
  }
  for (const flag of ['-F', '-X'])
    for (const suffix of ['1', '2', 'LAN', 'HOST', 'PUB']) {
      try {
        iptables(flag, `${chains}-${suffix}`);
      } catch {
        // never created
      }
    }
}
