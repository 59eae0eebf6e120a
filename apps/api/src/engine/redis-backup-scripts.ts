/**
 * The shell scripts that bring a Redis RDB snapshot back, shared by the Docker runtime (run in
 * a one-off container mounting the database's volume) and Kubernetes (a restore Job mounting
 * its claim). The server runs `--appendonly yes` (database-service-spec.ts REDIS_COMMAND): it
 * starts from its AOF, never from dump.rdb, so copying the RDB alone would bring nothing back.
 * Hence: the volume emptied (no AOF left), the RDB as dump.rdb, a private server started on it
 * with `--appendonly no` (it loads the RDB), `CONFIG SET appendonly yes` (it rewrites the AOF
 * from the loaded data), its end awaited, that server shut down; the real server then starts on
 * the new AOF. The private server listens on a Unix socket only, without a password.
 *
 * Both read RDB (the snapshot's path) and DATA (the volume's mount point); they print the number
 * of keys loaded on their last line.
 */

const PRIVATE_SERVER = [
  'SOCK=/tmp/nuagedeploy-redis.sock',
  'cli() { redis-cli -s "$SOCK" "$@"; }',
  // A snapshot that does not load makes the server exit: its log says why.
  'fail() { echo "$1" >&2; tail -n 5 /tmp/nuagedeploy-redis.log >&2 2>/dev/null; exit 1; }',
  'start() { redis-server --dir "$1" --dbfilename dump.rdb --appendonly no --save "" --port 0 --unixsocket "$SOCK" --daemonize yes --logfile /tmp/nuagedeploy-redis.log; ' +
    'i=0; until [ "$(cli PING 2>/dev/null)" = PONG ]; do i=$((i+1)); [ "$i" -lt 1200 ] || fail "redis-server did not load the snapshot"; sleep 0.5; done; }',
  // SHUTDOWN closes the connection: success is the server gone.
  'stop() { cli SHUTDOWN NOSAVE >/dev/null 2>&1 || true; i=0; while cli PING >/dev/null 2>&1; do i=$((i+1)); [ "$i" -lt 600 ] || fail "redis-server did not stop"; sleep 0.2; done; }',
];

/** Replaces the volume's data with the snapshot, the AOF rewritten from it. */
export const REDIS_RESTORE_SCRIPT = [
  'set -eu',
  ...PRIVATE_SERVER,
  'owner=$(stat -c %u:%g "$DATA")',
  'find "$DATA" -mindepth 1 -delete',
  'cp "$RDB" "$DATA/dump.rdb"',
  'start "$DATA"',
  'keys=$(cli DBSIZE)',
  'cli CONFIG SET appendonly yes >/dev/null',
  // The rewrite runs in a child; done when none runs nor waits and the last one went well.
  'info() { cli INFO persistence | tr -d "\\r" | grep -q "^$1$"; }',
  'i=0; until info aof_rewrite_in_progress:0 && info aof_rewrite_scheduled:0 && info aof_last_bgrewrite_status:ok && [ -f "$DATA/appendonlydir/appendonly.aof.manifest" ]; do i=$((i+1)); [ "$i" -lt 7200 ] || fail "AOF rewrite did not finish"; sleep 0.5; done',
  'stop',
  'rm -f "$DATA/dump.rdb"',
  // The real server's user owns the volume again (its entrypoint does as much when root).
  'chown -R "$owner" "$DATA"',
  'echo "keys=$keys"',
].join('\n');

/** Loads the snapshot into a private server in a scratch directory and counts its keys. */
export const REDIS_COUNT_SCRIPT = [
  'set -eu',
  ...PRIVATE_SERVER,
  'work=$(mktemp -d)',
  'cp "$RDB" "$work/dump.rdb"',
  'start "$work"',
  'keys=$(cli DBSIZE)',
  'stop',
  'rm -rf "$work"',
  'echo "keys=$keys"',
].join('\n');

/** The last line of both scripts. */
export const REDIS_KEYS_LINE = /^keys=(\d+)$/m;
