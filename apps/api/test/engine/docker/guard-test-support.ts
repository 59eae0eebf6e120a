import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { libpod } from '../../../src/engine/builds/docker/podman-leftovers';
import { GUARD_JUMP_MARK } from '../../../src/engine/drivers/docker/guard/guard-script';
import { chainNames } from '../../../src/engine/drivers/docker/guard/isolation-rules';

/**
 * Shared by the real-engine guard tests (run as root, with the host's iptables): the host's
 * rules as `iptables -S` prints them, where a guard's jump stands, and the cleanup of a test
 * guard's own chains and jumps (never anybody else's).
 */

export const iptables = (...args: string[]) =>
  execFileSync('iptables', ['-w', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** A chain's rules (`-A …` lines), without its policy line. */
export const chainRules = (chain: string) =>
  iptables('-S', chain).split('\n').slice(1).filter(Boolean);

/** A guard's jump as `iptables -S` prints it. */
export const guardJump = (chain: string, target: string) =>
  `-A ${chain} -m comment --comment ${GUARD_JUMP_MARK} -j ${target}`;

/** Where the guard's jump stands in `chain`: 'first' when only guards' jumps precede it. */
export function jumpPlace(chain: string, target: string): 'first' | 'below' | 'missing' {
  const rules = chainRules(chain);
  const at = rules.indexOf(guardJump(chain, target));
  if (at < 0) return 'missing';
  const above = rules.slice(0, at);
  return above.every((r) => r.includes(` --comment ${GUARD_JUMP_MARK} -j `)) ? 'first' : 'below';
}

/** A test guard's jumps and chains (its container already removed, so nothing puts them back). */
export function removeGuardChains(prefix: string): void {
  const { first, second, lan, host, pub } = chainNames(prefix);
  for (const [chain, target] of [
    ['FORWARD', first],
    ['INPUT', host],
    ['OUTPUT', pub],
  ] as const) {
    for (const spec of [['-m', 'comment', '--comment', GUARD_JUMP_MARK], []]) {
      for (;;) {
        try {
          iptables('-D', chain, ...spec, '-j', target);
        } catch {
          break; // no (more) such jump
        }
      }
    }
  }
  for (const flag of ['-F', '-X'])
    for (const c of [first, second, lan, host, pub]) {
      try {
        iptables(flag, c);
      } catch {
        // never created
      }
    }
}

/**
 * A bridge that is no environment and that Podman does not isolate (its own API, `isolate`
 * off: what `podman network create` makes), as the operator's LAN; its IPv4 subnet.
 * Its interface gets a name of its own: netavark 1.4 leaves `NETAVARK_ISOLATION_2 -o podmanN
 * -j DROP` behind when an isolated network is torn down, and a bridge reusing the freed
 * `podmanN` name would have its traffic dropped by that stale rule, whatever the guard allows
 * (an operator's real LAN is a physical interface, never a reused `podmanN`).
 */
export async function createPlainNetwork(socketPath: string, name: string): Promise<string> {
  const res = await libpod(socketPath, 'POST', '/libpod/networks/create', {
    name,
    driver: 'bridge',
    network_interface: `ndlan${randomBytes(4).toString('hex')}`,
  });
  if (res.status >= 400) throw new Error(`network ${name}: ${res.status} ${res.body}`);
  const created = JSON.parse(res.body) as { subnets?: { subnet?: string }[] };
  const subnet = created.subnets?.find((s) => s.subnet?.includes('.'))?.subnet;
  if (!subnet) throw new Error(`network ${name}: no IPv4 subnet in ${res.body}`);
  return subnet;
}
