import { saasTemplates } from '@nuage/shared/catalog';
import { perDay, perHour, priceResources, toXof, XOF_PER_BASE_UNIT } from '@nuage/shared/pricing';
import { compareWithCompetitors } from '@nuage/shared/pricing-comparison';
import type {
  CalculatePriceInput,
  ComparisonQuery,
  EstimateProjectQuery,
} from '@nuage/shared/pricing-schemas';
import type {
  CompetitorComparison,
  PriceCalculation,
  ProjectEstimate,
  ResourceConfiguration,
} from '@nuage/shared/pricing-types';
import { presentBreakdown } from './presenter';

// Every amount below comes from priceResources (pricing.ts): the one written model.

function quote(config: ResourceConfiguration) {
  const price = priceResources(config);
  const breakdown = presentBreakdown(price, {
    cpu: config.cpu * config.replicas,
    ram: config.ram * config.replicas,
    storage: config.storage,
  });
  return { price, breakdown };
}

/** POST /pricing/calculate. */
export function calculatePrice(
  input: CalculatePriceInput,
  opts: { includeComparison: boolean },
): PriceCalculation {
  const configuration = {
    cpu: input.cpu,
    ram: input.ram,
    storage: input.storage,
    replicas: input.replicas ?? 1,
  };
  const { price, breakdown } = quote(configuration);
  const monthly = price.monthly;
  const result: PriceCalculation = {
    configuration,
    breakdown,
    currency: 'XOF',
    monthly_xof: toXof(monthly),
    daily_xof: toXof(perDay(monthly)),
    hourly_xof: toXof(perHour(monthly)),
    yearly_xof: toXof(monthly * 12),
    daily: perDay(monthly),
    hourly: perHour(monthly),
    yearly: Math.round(monthly * 12 * 1e9) / 1e9,
  };
  if (opts.includeComparison) {
    result.comparison = compareWithCompetitors({ monthlyBase: monthly, resources: configuration });
  }
  return result;
}

/**
 * GET /pricing/estimate-project: one application's monthly cost. With app_type, whatever
 * resource is missing takes that template's catalogue default.
 */
export function estimateProject(query: EstimateProjectQuery): ProjectEstimate {
  const template = query.app_type ? saasTemplates[query.app_type] : undefined;
  // The schema guarantees cpu, ram and storage when there is no app_type.
  const configuration = {
    cpu: query.cpu ?? template!.cpu,
    ram: query.ram ?? template!.ram,
    storage: query.storage ?? template!.storage,
    replicas: query.replicas ?? 1,
  };
  const { price, breakdown } = quote(configuration);
  return {
    estimation: {
      total: toXof(price.monthly),
      total_base: price.monthly,
      daily: toXof(perDay(price.monthly)),
      hourly: toXof(perHour(price.monthly)),
      yearly: toXof(price.monthly * 12),
      currency: 'XOF',
      app_type: query.app_type ?? null,
      configuration,
      breakdown,
    },
  };
}

/** GET /pricing/comparison: savings for a monthly price in XOF (and the resources it buys, if given). */
export function compareMonthlyPrice(query: ComparisonQuery): CompetitorComparison {
  const resources =
    query.cpu !== undefined && query.ram !== undefined && query.storage !== undefined
      ? { cpu: query.cpu, ram: query.ram, storage: query.storage, replicas: query.replicas ?? 1 }
      : undefined;
  // The schema makes monthly_price required; the API speaks XOF, the model base units.
  return compareWithCompetitors({
    monthlyBase: query.monthly_price! / XOF_PER_BASE_UNIT,
    resources,
  });
}
