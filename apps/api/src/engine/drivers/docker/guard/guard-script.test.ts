import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUARD_FUNCTIONS } from './guard-script';

/**
 * The guard's loop body (`once`) against a fake iptables: each chain a file of `-A` rules as
 * `iptables -S` prints them, every iptables-restore payload recorded. What a host would see:
 * which commits the guard makes, and when it leaves the chains alone.
 */
const FAKE_IPTABLES = `#!/bin/sh
[ "$1" = -w ] && shift
op=$1; chain=$2; shift 2
case "$op" in
  -S) [ -f "$FAKE/$chain" ] || exit 1; echo "-P $chain ACCEPT"; cat "$FAKE/$chain" ;;
  -C) [ -f "$FAKE/$chain" ] && grep -qxF -- "-A $chain $*" "$FAKE/$chain" ;;
  *) exit 2 ;;
esac
`;
const FAKE_RESTORE = `#!/bin/sh
[ -f "$FAKE/fail" ] && exit 1
{ cat; echo '----'; } >> "$FAKE/commits"
`;

const mark = '-m comment --comment nuagedeploy-guard';
const ours = {
  forward: `-A FORWARD ${mark} -j NDA-1`,
  input: `-A INPUT ${mark} -j NDA-HOST`,
  output: `-A OUTPUT ${mark} -j NDA-PUB`,
};
const theirs = { forward: `-A FORWARD ${mark} -j NDB-1`, input: `-A INPUT ${mark} -j NDB-HOST` };
const netavark =
  '-A FORWARD -m comment --comment "netavark firewall plugin rules" -j NETAVARK_FORWARD';

describe('the guard loop (GUARD_FUNCTIONS once, fake iptables)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'egr-guard-script-'));
    writeFileSync(path.join(dir, 'iptables'), FAKE_IPTABLES, { mode: 0o755 });
    writeFileSync(path.join(dir, 'iptables-restore'), FAKE_RESTORE, { mode: 0o755 });
    writeFileSync(path.join(dir, 'rules.v4'), '# generation g1\n:NDA-1 - [0:0]\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const chains = (forward: string[], input: string[], output = [ours.output]) => {
    writeFileSync(path.join(dir, 'FORWARD'), forward.map((l) => `${l}\n`).join(''));
    writeFileSync(path.join(dir, 'INPUT'), input.map((l) => `${l}\n`).join(''));
    writeFileSync(path.join(dir, 'OUTPUT'), output.map((l) => `${l}\n`).join(''));
  };
  /** `once` called `times` times in one shell (as the loop does), or a script; the commits made. */
  const run = (times: number | string) => {
    const body = typeof times === 'number' ? 'once\n'.repeat(times) : times;
    const out = execFileSync('sh', ['-c', `${GUARD_FUNCTIONS}\n${body}`], {
      encoding: 'utf8',
      env: {
        PATH: `${dir}:${process.env.PATH}`,
        FAKE: dir,
        GUARD_DIR: dir,
        GUARD_CHAINS: 'NDA',
      },
    });
    const commits = existsSync(path.join(dir, 'commits'))
      ? readFileSync(path.join(dir, 'commits'), 'utf8').split('----\n').filter(Boolean)
      : [];
    return { out, commits: commits.map((c) => c.trimEnd().split('\n')) };
  };

  it('loads new rules once, without moving jumps that only guard jumps precede (two guards, no churn)', () => {
    // Another guard's jumps above ours: both are ahead of every other rule; nobody moves.
    chains([theirs.forward, ours.forward, netavark], [theirs.input, ours.input]);
    const { commits, out } = run(3);
    expect(commits).toEqual([['*filter', '# generation g1', ':NDA-1 - [0:0]', 'COMMIT']]);
    expect(readFileSync(path.join(dir, 'applied'), 'utf8')).toBe('# generation g1\n');
    expect(out).toContain('environment subnet(s) guarded');
  });

  it('moves its jump first when a rule that is no guard jump precedes it, in the same commit', () => {
    chains([netavark, theirs.forward, ours.forward], [ours.input]);
    const { commits } = run(1);
    expect(commits).toEqual([
      [
        '*filter',
        '# generation g1',
        ':NDA-1 - [0:0]',
        `-D FORWARD ${mark} -j NDA-1`,
        `-I FORWARD 1 ${mark} -j NDA-1`,
        'COMMIT',
      ],
    ]);
  });

  it('puts back missing INPUT and OUTPUT jumps, and replaces a jump left without its comment by an older guard', () => {
    // OUTPUT: the host's own connections to a database's published port (public-endpoint-rules.ts).
    chains(['-A FORWARD -j NDA-1', netavark], ['-A INPUT -i lo -j ACCEPT'], []);
    const { commits } = run(1);
    expect(commits[0]).toEqual([
      '*filter',
      '# generation g1',
      ':NDA-1 - [0:0]',
      '-D FORWARD -j NDA-1',
      `-I FORWARD 1 ${mark} -j NDA-1`,
      `-I INPUT 1 ${mark} -j NDA-HOST`,
      `-I OUTPUT 1 ${mark} -j NDA-PUB`,
      'COMMIT',
    ]);
  });

  it('commits again when the rules file changes, and only then', () => {
    chains([ours.forward], [ours.input]);
    const { commits } = run(
      `once\nonce\nprintf '# generation g2\\n:NDA-1 - [0:0]\\n' > "$GUARD_DIR/rules.v4"\nonce\nonce\n`,
    );
    expect(commits).toEqual([
      ['*filter', '# generation g1', ':NDA-1 - [0:0]', 'COMMIT'],
      ['*filter', '# generation g2', ':NDA-1 - [0:0]', 'COMMIT'],
    ]);
    expect(readFileSync(path.join(dir, 'applied'), 'utf8')).toBe('# generation g2\n');
  });

  it('does not say the rules are in force when the commit failed', () => {
    chains([ours.forward], [ours.input]);
    writeFileSync(path.join(dir, 'fail'), '');
    execFileSync('sh', ['-c', `${GUARD_FUNCTIONS}\nonce 2>/dev/null`], {
      env: { PATH: `${dir}:${process.env.PATH}`, FAKE: dir, GUARD_DIR: dir, GUARD_CHAINS: 'NDA' },
    });
    expect(existsSync(path.join(dir, 'applied'))).toBe(false);
  });
});
