/**
 * The network guard's iptables rules (network-guard.ts): no environment's network reaches
 * another's. Docker's two-stage pattern, O(n) rules for n environments:
 *
 *   <prefix>-1   -s <subnet> ! -d <subnet> -j <prefix>-2     one per environment subnet
 *   <prefix>-2   -d <subnet> -j DROP                          one per environment subnet
 *
 * and a jump to <prefix>-1 first in FORWARD, which the guard's loop (GUARD_SCRIPT) puts
 * back whenever something removed or pushed it down (netavark removes its own isolation
 * jump whenever an isolated network is torn down; firewalld reloads flush everything).
 * Traffic inside one subnet, and from a subnet to anything that is no environment (the
 * internet, the host), is untouched.
 */

export const DEFAULT_CHAIN_PREFIX = 'NUAGE-ISOLATION';

/** iptables chain names are at most 28 characters; `-1`/`-2` are appended. */
const CHAIN_PREFIX = /^[A-Za-z][A-Za-z0-9_-]{0,25}$/;
const IPV4_CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

export const chainNames = (prefix: string) => ({ first: `${prefix}-1`, second: `${prefix}-2` });

/**
 * The IPv4 subnets among `subnets`, checked and normalised (the file is fed to
 * iptables-restore: nothing but an address may reach it), sorted and without duplicates.
 * IPv6 subnets are left out: environment networks are IPv4-only bridges.
 */
export function ipv4Subnets(subnets: Iterable<string>): string[] {
  const kept = new Set<string>();
  for (const raw of subnets) {
    const m = IPV4_CIDR.exec(raw.trim());
    if (!m) continue;
    const octets = m.slice(1, 5).map(Number);
    const bits = Number(m[5]);
    if (octets.some((o) => o > 255) || bits > 32 || bits < 1) continue;
    kept.add(`${octets.join('.')}/${bits}`);
  }
  return [...kept].sort();
}

/**
 * The body of an `iptables-restore --noflush` payload for the filter table (without
 * `*filter` and `COMMIT`, which the guard adds around it with the FORWARD jump): declaring
 * the two chains flushes them, so the whole set is replaced in one commit, never empty
 * meanwhile.
 */
export function renderIsolationRules(
  subnets: Iterable<string>,
  prefix = DEFAULT_CHAIN_PREFIX,
): string {
  if (!CHAIN_PREFIX.test(prefix)) throw new Error(`invalid chain prefix ${prefix}`);
  const { first, second } = chainNames(prefix);
  const list = ipv4Subnets(subnets);
  return [
    `:${first} - [0:0]`,
    `:${second} - [0:0]`,
    ...list.map((s) => `-A ${first} -s ${s} ! -d ${s} -j ${second}`),
    `-A ${first} -j RETURN`,
    ...list.map((s) => `-A ${second} -d ${s} -j DROP`),
    `-A ${second} -j RETURN`,
    '',
  ].join('\n');
}

/** Where the rules file is, inside the guard container (a bind mount of the platform's directory). */
export const GUARD_DIR_IN_CONTAINER = '/run/nuagedeploy-guard';
export const RULES_FILE = 'rules.v4';
/** The first line (`# generation …`) of the last rules file the guard loaded, written by it. */
export const APPLIED_FILE = 'applied';

/**
 * The guard's loop (POSIX sh, Debian's iptables; the chain prefix in $GUARD_CHAINS). Every
 * second: when the rules file changed, or the jump is no longer FORWARD's first rule, one
 * iptables-restore commit loads the chains and moves (or puts back) the jump to position 1,
 * then the file's first line is copied to APPLIED_FILE (how the platform knows the rules are
 * in force). A failed commit changes nothing and is tried again a second later.
 */
export const GUARD_SCRIPT = `
dir=${GUARD_DIR_IN_CONTAINER}
rules=$dir/${RULES_FILE}
c1="$GUARD_CHAINS-1"
jump="-A FORWARD -j $c1"
last=
while :; do
  if [ -r "$rules" ]; then
    content=$(cat "$rules")
    sum=$(printf '%s' "$content" | cksum)
    first=$(iptables -w -S FORWARD 2>/dev/null | sed -n 2p)
    if [ "$sum" != "$last" ] || [ "$first" != "$jump" ]; then
      drop=
      if iptables -w -C FORWARD -j "$c1" 2>/dev/null; then drop="-D FORWARD -j $c1"; fi
      if { echo '*filter'; printf '%s\n' "$content"; [ -z "$drop" ] || echo "$drop"; echo "-I FORWARD 1 -j $c1"; echo COMMIT; } | iptables-restore -w --noflush; then
        printf '%s\n' "$content" | head -n 1 > "$dir/${APPLIED_FILE}.tmp" && mv -f "$dir/${APPLIED_FILE}.tmp" "$dir/${APPLIED_FILE}"
        if [ "$sum" != "$last" ]; then echo "guard: $(printf '%s\n' "$content" | grep -c ' -j DROP$') environment subnet(s) isolated"; fi
        if [ -n "$last" ] && [ "$first" != "$jump" ]; then echo "guard: FORWARD jump put back first"; fi
        last=$sum
      else
        echo "guard: iptables-restore failed, trying again" >&2
      fi
    fi
  fi
  sleep 1
done
`;
