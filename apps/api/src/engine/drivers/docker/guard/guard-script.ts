/** Where the rules file is, inside the guard container (a bind mount of the platform's directory). */
export const GUARD_DIR_IN_CONTAINER = '/run/nuagedeploy-guard';
export const RULES_FILE = 'rules.v4';
/** The first line (`# generation …`) of the last rules file the guard loaded, written by it. */
export const APPLIED_FILE = 'applied';
/**
 * The comment on every guard's jumps, whatever its chain prefix: how several guards on one
 * host (two platform processes with other settings, parallel test servers) recognise each
 * other's jumps and leave them above their own instead of taking position 1 in turn forever.
 */
export const GUARD_JUMP_MARK = 'nuagedeploy-guard';

/**
 * The guard's functions (POSIX sh, Debian's iptables; the chain prefix in $GUARD_CHAINS, the
 * rules directory in $GUARD_DIR, default the bind mount). `once`: when the rules file changed,
 * or a jump (FORWARD → <prefix>-1, INPUT → <prefix>-HOST) is missing or has a rule that is no
 * guard's jump above it, one iptables-restore commit loads the chains and moves (or puts back)
 * that jump to position 1; then the file's first line is copied to APPLIED_FILE (how the
 * platform knows the rules are in force). A failed commit changes nothing and is tried again
 * at the next call. Separate from the loop so that tests run it against a fake iptables.
 */
export const GUARD_FUNCTIONS = `
dir=\${GUARD_DIR:-${GUARD_DIR_IN_CONTAINER}}
rules=$dir/${RULES_FILE}
mark=${GUARD_JUMP_MARK}
last=
# "ok" when chain $1 holds this guard's jump to $2 with nothing but guards' jumps above it.
placed() {
  iptables -w -S "$1" 2>/dev/null | {
    read -r policy
    while read -r line; do
      case "$line" in
        *" --comment $mark -j $2") echo ok; break ;;
        *" --comment $mark -j "*) ;;
        *) break ;;
      esac
    done
  }
}
# The iptables-restore lines that put this guard's jump from chain $1 to $2 first.
jump_first() {
  if iptables -w -C "$1" -m comment --comment "$mark" -j "$2" 2>/dev/null; then
    echo "-D $1 -m comment --comment $mark -j $2"
  elif iptables -w -C "$1" -j "$2" 2>/dev/null; then
    # Left by a guard of an earlier release (no comment).
    echo "-D $1 -j $2"
  fi
  echo "-I $1 1 -m comment --comment $mark -j $2"
}
once() {
  [ -r "$rules" ] || return 0
  content=$(cat "$rules")
  sum=$(printf '%s' "$content" | cksum)
  moves=$(
    [ "$(placed FORWARD "$GUARD_CHAINS-1")" = ok ] || jump_first FORWARD "$GUARD_CHAINS-1"
    [ "$(placed INPUT "$GUARD_CHAINS-HOST")" = ok ] || jump_first INPUT "$GUARD_CHAINS-HOST"
    [ "$(placed OUTPUT "$GUARD_CHAINS-PUB")" = ok ] || jump_first OUTPUT "$GUARD_CHAINS-PUB"
  )
  [ "$sum" != "$last" ] || [ -n "$moves" ] || return 0
  if { echo '*filter'; printf '%s\\n' "$content"; [ -z "$moves" ] || printf '%s\\n' "$moves"; echo COMMIT; } | iptables-restore -w --noflush; then
    printf '%s\\n' "$content" | head -n 1 > "$dir/${APPLIED_FILE}.tmp" && mv -f "$dir/${APPLIED_FILE}.tmp" "$dir/${APPLIED_FILE}"
    if [ "$sum" != "$last" ]; then echo "guard: $(printf '%s\\n' "$content" | grep -c -- " -j $GUARD_CHAINS-2$") environment subnet(s) guarded"; fi
    if [ -n "$last" ] && [ -n "$moves" ]; then echo "guard: jump(s) put back ahead of other rules"; fi
    last=$sum
  else
    echo "guard: iptables-restore failed, trying again" >&2
  fi
}
`;

/** The guard container's command: `once` every second. */
export const GUARD_SCRIPT = `${GUARD_FUNCTIONS}
while :; do
  once
  sleep 1
done
`;
