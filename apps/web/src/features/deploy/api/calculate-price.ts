import { pricingLimits } from '@nuage/shared/pricing-schemas';
import type { PriceCalculation, ResourceConfiguration } from '@nuage/shared/pricing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const within = (v: number, { min, max }: { min: number; max: number }) =>
  Number.isFinite(v) && v >= min && v <= max;

/**
 * SPEC §5: a price is asked only for cpu 0.1–32, ram 0.5–128 GB and storage 1–1000 GB. Replicas
 * must be what the server accepts (an integer 1–10), or the answer would be a refusal.
 */
export function isCalculable(c: ResourceConfiguration): boolean {
  const L = pricingLimits;
  return (
    within(c.cpu, L.cpu) &&
    within(c.ram, L.ram) &&
    within(c.storage, L.storage) &&
    Number.isInteger(c.replicas) &&
    within(c.replicas, L.replicas)
  );
}

/** SPEC §8: a pricing failure is only logged. */
export async function calculatePrice(c: ResourceConfiguration, signal?: AbortSignal) {
  try {
    return await api<PriceCalculation>('/pricing/calculate', {
      method: 'POST',
      query: { include_comparison: true },
      body: { cpu: c.cpu, ram: c.ram, storage: c.storage, replicas: c.replicas },
      signal,
      errorMessage: false,
    });
  } catch (err) {
    if ((err as Error).name !== 'AbortError') console.error('Price calculation failed', err);
    throw err;
  }
}

export const priceQueryOptions = (c: ResourceConfiguration) =>
  queryOptions({
    queryKey: ['pricing', 'calculate', c.cpu, c.ram, c.storage, c.replicas],
    queryFn: ({ signal }) => calculatePrice(c, signal),
    retry: false,
  });
