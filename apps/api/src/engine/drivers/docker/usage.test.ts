import { describe, expect, it } from 'vitest';
import { cpuMilli, memoryMb, networkTotals } from './usage';

describe('cpuMilli', () => {
  it('is the share of host CPU time between two readings, in millicores', () => {
    // 0.1 s of container time while the 4-CPU host spent 2 s: 5 % of 4 CPUs = 200m.
    const prev = { cpu_usage: { total_usage: 1e9 }, system_cpu_usage: 100e9, online_cpus: 4 };
    const cur = { cpu_usage: { total_usage: 1.1e9 }, system_cpu_usage: 102e9, online_cpus: 4 };
    expect(cpuMilli(prev, cur)).toBe(200);
  });

  it('counts CPUs from per-CPU usage when online_cpus is missing', () => {
    const prev = { cpu_usage: { total_usage: 1e9 }, system_cpu_usage: 100e9 };
    const cur = {
      cpu_usage: { total_usage: 1.5e9, percpu_usage: [1, 1] },
      system_cpu_usage: 102e9,
    };
    expect(cpuMilli(prev, cur)).toBe(500);
  });

  it('needs a second reading when the first is empty (Podman, one-shot stats)', () => {
    const cur = { cpu_usage: { total_usage: 5e9 }, system_cpu_usage: 100e9, online_cpus: 2 };
    expect(cpuMilli({ cpu_usage: { total_usage: 0 } }, cur)).toBeNull();
    expect(cpuMilli(undefined, cur)).toBeNull();
  });
});

describe('memoryMb', () => {
  it('subtracts the reclaimable page cache (cgroup v1 and v2 names)', () => {
    expect(
      memoryMb({ memory_stats: { usage: 300e6, stats: { total_inactive_file: 100e6 } } }),
    ).toBe(200);
    expect(memoryMb({ memory_stats: { usage: 300e6, stats: { inactive_file: 50e6 } } })).toBe(250);
    expect(memoryMb({ memory_stats: { usage: 1_234_567 } })).toBe(1.2);
    expect(memoryMb({})).toBe(0);
  });
});

describe('networkTotals', () => {
  it('adds every interface of the container, and says nothing when the engine gives none', () => {
    expect(
      networkTotals({
        networks: { eth0: { rx_bytes: 1_000, tx_bytes: 50 }, eth1: { rx_bytes: 24, tx_bytes: 6 } },
      }),
    ).toEqual({ rx: 1_024, tx: 56 });
    expect(networkTotals({})).toBeNull();
    expect(networkTotals({ networks: null })).toBeNull();
  });
});
