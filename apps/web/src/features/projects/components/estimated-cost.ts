import { priceResources, toXof } from '@nuage/shared/pricing';

/** The monthly price of a project's full quota, in XOF (until the pricing API arrives). */
export function quotaMonthlyXof(quotas: {
  quota_cpu: number;
  quota_ram: number;
  quota_stockage: number;
}): number {
  const { monthly } = priceResources({
    cpu: quotas.quota_cpu,
    ram: quotas.quota_ram,
    storage: quotas.quota_stockage,
  });
  return toXof(monthly);
}
