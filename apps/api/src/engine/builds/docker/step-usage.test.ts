import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCgroupFile, stepUsageProbe } from './step-usage';

/**
 * The build's steps found by their memory limit in a made-up /proc and cgroup tree (the shapes
 * Podman's buildah steps have on cgroup v1, as seen on the test host, and on v2).
 */
const MARKER = 268_000_256;
let root: string;
let now: number;
const MB = 1024 * 1024;

const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** A process of `ticks` CPU ticks and `pages` resident pages in the given cgroups. */
const proc = (pid: number, cgroup: string, ticks = 0, pages = 0) => {
  put(`proc/${pid}/cgroup`, cgroup);
  put(`proc/${pid}/stat`, `${pid} (sh -c x) R 1 1 1 0 -1 0 0 0 0 0 ${ticks} 0 0 0 20 0 1 0 1 0`);
  put(`proc/${pid}/statm`, `100 ${pages} 0 0 0 0 0`);
};
const v1 = (step: string) =>
  `9:name=systemd:/${step}\n4:memory:/api/${step}\n2:cpuacct:/${step}\n0::/${step}\n`;
const probe = () =>
  stepUsageProbe(MARKER, {
    proc: path.join(root, 'proc'),
    cgroup: path.join(root, 'cg'),
    now: () => now,
  });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'step-usage-'));
  now = 1_000_000;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build step usage from the host cgroups', () => {
  it('reads where a process is accounted, v1 and v2', () => {
    expect(parseCgroupFile(v1('buildah-buildah1'), '/cg')).toEqual({
      memoryDir: '/cg/memory/api/buildah-buildah1',
      v2: false,
      cpuDir: '/cg/cpuacct/buildah-buildah1',
    });
    expect(parseCgroupFile('3:cpu,cpuacct:/s\n5:memory:/s\n', '/cg')?.cpuDir).toBe(
      '/cg/cpu,cpuacct/s',
    );
    expect(parseCgroupFile('0::/machine.slice/libpod-1.scope\n', '/cg')).toEqual({
      memoryDir: '/cg/machine.slice/libpod-1.scope',
      v2: true,
      cpuDir: null,
    });
  });

  it("sums the marked steps' CPU between readings and their memory less the page cache (v1)", async () => {
    proc(10, v1('buildah-buildah1'));
    proc(11, v1('buildah-buildah1'));
    proc(20, v1('buildah-other')); // another build's step: another limit
    put('cg/memory/api/buildah-buildah1/memory.limit_in_bytes', `${MARKER}\n`);
    put('cg/memory/api/buildah-other/memory.limit_in_bytes', '536870912\n');
    put('cg/memory/api/buildah-buildah1/memory.usage_in_bytes', `${150 * MB}\n`);
    put('cg/memory/api/buildah-buildah1/memory.stat', `cache 1\ntotal_inactive_file ${50 * MB}\n`);
    put('cg/cpuacct/buildah-buildah1/cpuacct.usage', '4000000000\n');
    put('cg/cpuacct/buildah-other/cpuacct.usage', '9000000000000\n');
    const read = probe();
    expect(await read()).toBeNull(); // the starting point
    now += 2000;
    put('cg/cpuacct/buildah-buildah1/cpuacct.usage', '5500000000\n'); // +1.5 s of CPU in 2 s
    expect(await read()).toEqual({ cpuMilli: 750, ramMb: 100 });
    // The step ended: nothing runs between two steps.
    rmSync(path.join(root, 'proc/10'), { recursive: true });
    rmSync(path.join(root, 'proc/11'), { recursive: true });
    now += 2000;
    expect(await read()).toBeNull();
  });

  it("counts a new step from its start, on v2, and the processes' ticks where no CPU counter is readable", async () => {
    const read = probe();
    expect(await read()).toBeNull();
    proc(30, '0::/buildah-buildah2\n', 0, 2560);
    put('cg/buildah-buildah2/memory.max', `${MARKER}\n`);
    put('cg/buildah-buildah2/memory.current', `${64 * MB}\n`);
    put('cg/buildah-buildah2/memory.stat', `anon 1\ninactive_file ${16 * MB}\n`);
    put('cg/buildah-buildah2/cpu.stat', 'usage_usec 2000000\nuser_usec 1\n');
    now += 4000;
    expect(await read()).toEqual({ cpuMilli: 500, ramMb: 48 });

    // cgroup v1 without a readable cpuacct: the members' /proc ticks (100 per second) and RSS.
    const other = stepUsageProbe(MARKER, {
      proc: path.join(root, 'proc2'),
      cgroup: path.join(root, 'cg2'),
      now: () => now,
    });
    put('proc2/40/cgroup', '4:memory:/step\n');
    put('proc2/40/stat', '40 (a b) R 1 1 1 0 -1 0 0 0 0 0 100 50 0 0 20 0 1 0 1 0');
    put('proc2/40/statm', `100 ${(32 * MB) / 4096} 0 0 0 0 0`);
    put('cg2/memory/step/memory.limit_in_bytes', `${MARKER}\n`);
    expect(await other()).toBeNull();
    put('proc2/40/stat', '40 (a b) R 1 1 1 0 -1 0 0 0 0 0 250 100 0 0 20 0 1 0 1 0');
    now += 1000;
    expect(await other()).toEqual({ cpuMilli: 2000, ramMb: 32 });
  });
});
