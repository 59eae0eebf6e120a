/**
 * Savings versus competitors (the wizard shows up to 2 lines): what the same resources cost at
 * each competitor of pricing-competitors.ts minus our price. Only positive savings are listed,
 * largest first, at most MAX_SAVINGS; a competitor cheaper than us is simply not listed.
 */
import {
  PLATFORM_FEE_MIN_PER_APP,
  PLATFORM_FEE_RATE,
  XOF_PER_BASE_UNIT,
  priceResources,
  toXof,
} from './pricing';
import {
  EUR_TO_XOF,
  USD_TO_XOF,
  USD_TO_XOF_AS_OF,
  competitorMonthlyPrice,
  competitorRates,
  currencyToXof,
  type CompetitorRate,
} from './pricing-competitors';
import type { CompetitorComparison, PricingSaving, ResourceConfiguration } from './pricing-types';

export const MAX_SAVINGS = 2;

/**
 * The resource mix assumed when only a price is known: the deploy wizard's defaults
 * (0.5 core, 1 GB, 20 GB, 1 replica; SPEC §9).
 */
export const REFERENCE_MIX: ResourceConfiguration = { cpu: 0.5, ram: 1, storage: 20, replicas: 1 };

export const COMPARISON_NOTE =
  'Comparaison indicative : prix publics à l’unité (vCPU, GB de RAM, GB de stockage) des ' +
  'concurrents, convertis en XOF, hors répartiteur de charge, adresses IP et trafic sortant ' +
  'qu’ils facturent en plus.';

const roundMilli = (v: number) => Math.round(v * 1000) / 1000;
// Removes binary noise (26.4 / 1.1 = 23.999999999999996) so a round price gives round resources.
const clean = (v: number) => Math.round(v * 1e9) / 1e9;

/**
 * The REFERENCE_MIX scaled so that our model prices it at `monthlyBase`: the inverse of
 * priceResources for one application (fee 10 % above 10 base units of resources, else 1).
 */
export function resourcesForMonthlyPrice(monthlyBase: number): ResourceConfiguration {
  const reference = priceResources(REFERENCE_MIX).resources;
  const feeFloorResources = PLATFORM_FEE_MIN_PER_APP / PLATFORM_FEE_RATE;
  const resources =
    monthlyBase >= feeFloorResources * (1 + PLATFORM_FEE_RATE)
      ? monthlyBase / (1 + PLATFORM_FEE_RATE)
      : Math.max(monthlyBase - PLATFORM_FEE_MIN_PER_APP, 0);
  const k = resources / reference;
  return {
    cpu: clean(REFERENCE_MIX.cpu * k),
    ram: clean(REFERENCE_MIX.ram * k),
    storage: clean(REFERENCE_MIX.storage * k),
    replicas: 1,
  };
}

/** A competitor's monthly price for the resources, in base units (via its currency's XOF rate). */
export function competitorMonthlyBase(rate: CompetitorRate, r: ResourceConfiguration): number {
  return (competitorMonthlyPrice(rate, r) * currencyToXof(rate.currency)) / XOF_PER_BASE_UNIT;
}

export function compareWithCompetitors(input: {
  /** Our monthly price, base units. */
  monthlyBase: number;
  /** What that price buys; inferred from the price with REFERENCE_MIX when absent. */
  resources?: ResourceConfiguration;
  table?: readonly CompetitorRate[];
}): CompetitorComparison {
  const table = input.table ?? competitorRates;
  const basis = input.resources ?? resourcesForMonthlyPrice(input.monthlyBase);
  const quotes = table.map((rate) => {
    const base = competitorMonthlyBase(rate, basis);
    return { rate, base, savingBase: base - input.monthlyBase };
  });
  const savings: PricingSaving[] = quotes
    .map(({ rate, base, savingBase }) => ({
      competitor: rate.name,
      competitor_id: rate.id,
      monthly_saving: toXof(savingBase),
      yearly_saving: toXof(savingBase * 12),
      competitor_monthly_price: toXof(base),
    }))
    .filter((s) => s.monthly_saving > 0)
    .sort((a, b) => b.monthly_saving - a.monthly_saving)
    .slice(0, MAX_SAVINGS);
  return {
    monthly_price: toXof(input.monthlyBase),
    basis: {
      cpu: roundMilli(basis.cpu),
      ram: roundMilli(basis.ram),
      storage: roundMilli(basis.storage),
      replicas: basis.replicas,
      inferred: input.resources === undefined,
    },
    savings,
    competitors: quotes.map(({ rate, base }) => ({
      id: rate.id,
      competitor: rate.name,
      product: rate.product,
      currency: rate.currency,
      monthly_price_in_currency: Math.round(competitorMonthlyPrice(rate, basis) * 100) / 100,
      monthly_price: toXof(base),
      monthly_price_base: Math.round(base * 1e6) / 1e6,
      source_urls: [...rate.sources],
      read_on: rate.readOn,
    })),
    exchange_rates: { usd_xof: USD_TO_XOF, usd_xof_as_of: USD_TO_XOF_AS_OF, eur_xof: EUR_TO_XOF },
    note: COMPARISON_NOTE,
  };
}
