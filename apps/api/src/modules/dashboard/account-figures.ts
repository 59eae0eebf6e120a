import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import type { AppContext } from '../../app-context';
import { monthOfAccount } from '../billing/bill';
import type { MonthApplication } from '../billing/month-costs';
import { summarizeUsage, type CostedApplication, type CostedProject } from '../pricing/usage';
import { backupFailures } from './backup-failures';
import { recordAndCompare } from './cost-trend';

/**
 * The figures both dashboard reads give (GET /dashboard and /dashboard/summary): the costs of
 * the projects seen, the account's month and its trend, and the failed backups. From the rows
 * already read: the applications reserving resources and the backup bytes of these projects.
 */
export async function accountFigures(
  ctx: AppContext,
  input: {
    userId: string;
    projects: CostedProject[];
    apps: (CostedApplication & MonthApplication)[];
    backupBytes: Record<string, number>;
  },
): Promise<Pick<DashboardResponse, 'costs' | 'sauvegardes_en_echec'>> {
  const ids = input.projects.map((p) => p.id);
  const costs = summarizeUsage(input.projects, input.apps, input.backupBytes);
  const [{ month, trend }, failures] = await Promise.all([
    // The account's month, the billing card's figures (from the rows above when they cover the
    // projects it owns); the trend compares months by it.
    monthOfAccount(ctx, input.userId, {
      projectIds: new Set(ids),
      apps: input.apps,
      backupBytes: input.backupBytes,
    }).then(async (month) => ({
      month,
      trend: await recordAndCompare(ctx.db, input.userId, month.projected_xof),
    })),
    backupFailures(ctx.db, ids),
  ]);
  return { costs: { ...costs, trend, month }, sauvegardes_en_echec: failures };
}
