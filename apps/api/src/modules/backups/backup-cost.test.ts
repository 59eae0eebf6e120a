import { describe, expect, it } from 'vitest';
import { summarizeUsage } from '../pricing/usage';

describe('backup storage in the costs', () => {
  it('prices the archives kept on the platform like storage, in XOF, inside the monthly total', () => {
    const project = { id: 'p1', nom: 'Boutique' };
    const app = { projectId: 'p1', cpuMilli: 500, ramMb: 1000, storageMb: 20_000, replicas: 1 };
    const without = summarizeUsage([project], [app]);
    const withBackups = summarizeUsage([project], [app], { p1: 10 * 1024 ** 3 });
    const cost = withBackups.projects[0]!;
    // 10 GB × 0.3 base unit = 3 base units = 1 965 XOF a month.
    expect(cost.sauvegardes).toEqual({ quantity: 10, unit_price: 0.3, cost: 3, cost_xof: 1965 });
    expect(cost.monthly_cost_base).toBeCloseTo(without.projects[0]!.monthly_cost_base + 3, 9);
    expect(withBackups.total_monthly_cost).toBe(without.total_monthly_cost + 1965);
    expect(without.projects[0]!.sauvegardes.cost_xof).toBe(0);
  });
});
