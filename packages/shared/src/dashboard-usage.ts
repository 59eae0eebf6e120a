/**
 * SPEC §9 "Dashboard estimates": the four resource-usage bars of the dashboard.
 *  - Only deployments whose status is DEPLOYED, RUNNING or HEALTHY are active.
 *  - CPU and RAM: cpu_requis × replicas and ram_requise × replicas, summed over the ACTIVE
 *    deployments (the sentence sits under "only … are active", and a failed or starting
 *    application uses nothing yet), against the sum of every project's quota; capped at 100 %.
 *  - Storage: an estimated 5 GB per active deployment, against the summed storage quotas,
 *    capped at 100 %.
 *  - Bandwidth: 15 % per active deployment, capped at 100.
 * A zero quota gives 0 % rather than a division by zero.
 */
import type { DashboardUsage } from './schemas/responses/dashboard';
import { isActiveStatus } from './status-display';

export const STORAGE_GB_PER_ACTIVE_DEPLOYMENT = 5;
export const BANDWIDTH_PERCENT_PER_ACTIVE_DEPLOYMENT = 15;

/** A project's quotas, in cores and GB. */
export interface UsageQuota {
  quota_cpu: number;
  quota_ram: number;
  quota_stockage: number;
}

/** An application as the bars count it: its status and what each replica reserves. */
export interface UsageApplication {
  statut_deploiement: string;
  cpu_requis: number;
  ram_requise: number;
  replicas: number;
}

// Removes binary noise (0.1 × 3) before amounts are shown or compared.
const clean = (v: number) => Math.round(v * 1e6) / 1e6;
const capped = (v: number) => Math.min(100, Math.round(v * 10) / 10);
const percentOf = (used: number, limit: number) => (limit > 0 ? capped((used / limit) * 100) : 0);

/** The bars of these projects (their quotas) and of their applications (any order). */
export function dashboardUsage(
  quotas: readonly UsageQuota[],
  apps: readonly UsageApplication[],
): DashboardUsage {
  let cpu = 0;
  let ram = 0;
  let active = 0;
  let quotaCpu = 0;
  let quotaRam = 0;
  let quotaStorage = 0;
  for (const project of quotas) {
    quotaCpu += project.quota_cpu;
    quotaRam += project.quota_ram;
    quotaStorage += project.quota_stockage;
  }
  for (const app of apps) {
    if (!isActiveStatus(app.statut_deploiement)) continue;
    active += 1;
    cpu += app.cpu_requis * app.replicas;
    ram += app.ram_requise * app.replicas;
  }
  const storage = active * STORAGE_GB_PER_ACTIVE_DEPLOYMENT;
  return {
    active_deployments: active,
    cpu: { percent: percentOf(cpu, quotaCpu), used: clean(cpu), limit: clean(quotaCpu) },
    ram: { percent: percentOf(ram, quotaRam), used: clean(ram), limit: clean(quotaRam) },
    storage: {
      percent: percentOf(storage, quotaStorage),
      used: storage,
      limit: clean(quotaStorage),
    },
    bandwidth: {
      percent: capped(active * BANDWIDTH_PERCENT_PER_ACTIVE_DEPLOYMENT),
      used: null,
      limit: null,
    },
  };
}
