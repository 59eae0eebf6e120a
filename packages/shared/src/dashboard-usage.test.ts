import { describe, expect, it } from 'vitest';
import { dashboardUsage, type UsageApplication, type UsageQuota } from './dashboard-usage';

const app = (
  statut_deploiement: string,
  cpu_requis: number,
  ram_requise: number,
  replicas = 1,
) => ({
  statut_deploiement,
  cpu_requis,
  ram_requise,
  replicas,
});

interface Project {
  quota: UsageQuota;
  apps: UsageApplication[];
}
const project = (quotas: [number, number, number], apps: UsageApplication[]): Project => ({
  quota: { quota_cpu: quotas[0], quota_ram: quotas[1], quota_stockage: quotas[2] },
  apps,
});
/** The bars of these projects, as the summary computes them from its rows. */
const usageOf = (projects: Project[]) =>
  dashboardUsage(
    projects.map((p) => p.quota),
    projects.flatMap((p) => p.apps),
  );

describe('SPEC §9 dashboard usage bars', () => {
  it('counts cpu × replicas and ram × replicas of active deployments against summed quotas', () => {
    const usage = usageOf([
      // Active: 0.5×2 = 1 core, 1×2 = 2 GB; the FAILED and PENDING ones do not count.
      project([2, 4, 50], [app('RUNNING', 0.5, 1, 2), app('FAILED', 1, 2), app('PENDING', 1, 2)]),
      // Active: 1 core, 2 GB (HEALTHY); 0.5 core, 0.5 GB (DEPLOYED).
      project([2, 4, 50], [app('HEALTHY', 1, 2), app('DEPLOYED', 0.5, 0.5)]),
    ]);
    expect(usage.active_deployments).toBe(3);
    // 2.5 cores of 4 = 62.5 %; 4.5 GB of 8 = 56.25 % → 56.3 (one decimal).
    expect(usage.cpu).toEqual({ percent: 62.5, used: 2.5, limit: 4 });
    expect(usage.ram).toEqual({ percent: 56.3, used: 4.5, limit: 8 });
    // 3 active × 5 GB = 15 GB of 100 GB.
    expect(usage.storage).toEqual({ percent: 15, used: 15, limit: 100 });
    // 3 × 15 %.
    expect(usage.bandwidth.percent).toBe(45);
  });

  it('caps every bar at 100 %', () => {
    const apps = Array.from({ length: 8 }, () => app('RUNNING', 1, 2, 3));
    const usage = usageOf([project([1, 1, 10], apps)]);
    expect(usage.cpu.percent).toBe(100);
    expect(usage.cpu.used).toBe(24);
    expect(usage.ram.percent).toBe(100);
    // 8 × 5 GB = 40 GB of 10 GB.
    expect(usage.storage.percent).toBe(100);
    // 8 × 15 = 120 → 100.
    expect(usage.bandwidth.percent).toBe(100);
  });

  it('reads 0 with no project, no active deployment or a zero quota', () => {
    const none = usageOf([]);
    expect([
      none.cpu.percent,
      none.ram.percent,
      none.storage.percent,
      none.bandwidth.percent,
    ]).toEqual([0, 0, 0, 0]);
    const idle = usageOf([project([2, 4, 50], [app('DEPLOYING', 1, 1)])]);
    expect(idle.active_deployments).toBe(0);
    expect(idle.cpu.percent).toBe(0);
    const zeroQuota = usageOf([project([0, 0, 0], [app('RUNNING', 1, 1)])]);
    expect(zeroQuota.cpu.percent).toBe(0);
    expect(zeroQuota.storage.percent).toBe(0);
    expect(zeroQuota.bandwidth.percent).toBe(15);
  });

  it('adds decimal cores without binary noise', () => {
    const usage = usageOf([project([1, 1, 100], [app('RUNNING', 0.1, 0.1, 3)])]);
    expect(usage.cpu.used).toBe(0.3);
    expect(usage.cpu.percent).toBe(30);
  });
});
