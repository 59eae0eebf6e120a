import { priceResources, toXof } from '@nuage/shared/pricing';
import type { PriceCalculation, PricingPreset, PricingSaving } from '@nuage/shared/pricing-types';

/** What the cost panel shows, whichever mode it is in. Amounts in XOF. */
export interface PriceView {
  monthly: number;
  daily: number;
  hourly: number;
  lines: { label: string; amount: number }[];
  savings: PricingSaving[];
}

const lines = (cpu: number, ram: number, storage: number, platform: number) => [
  { label: 'CPU', amount: cpu },
  { label: 'RAM', amount: ram },
  { label: 'Storage', amount: storage },
  { label: 'Plateforme', amount: platform },
];

/** Custom mode: the server's calculation, with at most 2 savings lines (SPEC §2). */
export function calculationView(c: PriceCalculation): PriceView {
  const b = c.breakdown;
  return {
    monthly: c.monthly_xof,
    daily: c.daily_xof,
    hourly: c.hourly_xof,
    lines: lines(
      b.resources.cpu.cost_xof,
      b.resources.ram.cost_xof,
      b.resources.storage.cost_xof,
      b.platform_fee_xof,
    ),
    savings: (c.comparison?.savings ?? []).slice(0, 2),
  };
}

/**
 * Preset mode: the preset's own price (SPEC §4: no recalculation in preset mode); its lines
 * come from the shared price model, the one the server priced the preset with.
 */
export function presetView(p: PricingPreset): PriceView {
  const b = priceResources(p.resources);
  return {
    monthly: p.pricing.monthly_price,
    daily: p.pricing.daily_price,
    hourly: p.pricing.hourly_price,
    lines: lines(toXof(b.cpu), toXof(b.ram), toXof(b.storage), toXof(b.platformFee)),
    savings: [],
  };
}
