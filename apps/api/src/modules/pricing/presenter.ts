import {
  PRICE_PER_CPU_MONTH,
  PRICE_PER_GB_RAM_MONTH,
  PRICE_PER_GB_STORAGE_MONTH,
  toXof,
  type PriceBreakdown,
} from '@nuage/shared/pricing';
import type { PriceBreakdownResponse, ResourceCost } from '@nuage/shared/pricing-types';

/** Reserved quantities: cores and GB, cpu and ram already multiplied by replicas. */
export interface ReservedQuantities {
  cpu: number;
  ram: number;
  storage: number;
}

// Sums of decimal cores and GB pick up binary noise (0.1 × 3); quantities are shown to the milli.
const milli = (v: number) => Math.round(v * 1000) / 1000;

const line = (quantity: number, unitPrice: number, cost: number): ResourceCost => ({
  quantity: milli(quantity),
  unit_price: unitPrice,
  cost,
  cost_xof: toXof(cost),
});

/** SPEC §3 "Pricing result" breakdown of a priced amount, with the XOF of each line. */
export function presentBreakdown(
  p: PriceBreakdown,
  reserved: ReservedQuantities,
): PriceBreakdownResponse {
  return {
    monthly: p.monthly,
    resources: {
      cpu: line(reserved.cpu, PRICE_PER_CPU_MONTH, p.cpu),
      ram: line(reserved.ram, PRICE_PER_GB_RAM_MONTH, p.ram),
      storage: line(reserved.storage, PRICE_PER_GB_STORAGE_MONTH, p.storage),
    },
    resource_cost: p.resources,
    resource_cost_xof: toXof(p.resources),
    platform_fee: p.platformFee,
    // SPEC §9: the fee shown is the monthly cost minus the resource cost, so the XOF lines add up.
    platform_fee_xof: toXof(p.monthly) - toXof(p.resources),
  };
}
