/**
 * Response shapes of the Pricing calls (SPEC §7), typed once for the API and the web.
 *
 * Units: a field named `…_xof` (and the SPEC fields documented as XOF below) holds whole XOF;
 * a field named `…_base`, `cost`, `monthly`, `platform_fee` or `unit_price` holds base units
 * (CONVENTIONS.md "Money": 1 base unit = 655 XOF, see pricing.ts).
 */
import { z } from 'zod/mini';
import { saasTemplateIds } from '../../catalog';

export const resourceConfigurationSchema = z.object({
  cpu: z.number(),
  ram: z.number(),
  storage: z.number(),
  replicas: z.number(),
});
export type ResourceConfiguration = z.infer<typeof resourceConfigurationSchema>;

/** One resource's line: quantity (cores or GB, cpu and ram × replicas) × unit price. */
export const resourceCostSchema = z.object({
  quantity: z.number(),
  /** Base units per core or per GB per month. */
  unit_price: z.number(),
  /** Base units per month. */
  cost: z.number(),
  cost_xof: z.number(),
});
export type ResourceCost = z.infer<typeof resourceCostSchema>;

const resourceCostsSchema = z.object({
  cpu: resourceCostSchema,
  ram: resourceCostSchema,
  storage: resourceCostSchema,
});

/** SPEC §3 "Pricing result" breakdown, plus the XOF of each amount. */
export const priceBreakdownResponseSchema = z.object({
  /** Base units per month: resource cost + platform fee. */
  monthly: z.number(),
  resources: resourceCostsSchema,
  resource_cost: z.number(),
  resource_cost_xof: z.number(),
  platform_fee: z.number(),
  platform_fee_xof: z.number(),
});
export type PriceBreakdownResponse = z.infer<typeof priceBreakdownResponseSchema>;

/** SPEC §3: comparison.savings[]; only positive savings, largest first, at most 2. */
export const pricingSavingSchema = z.object({
  competitor: z.string(),
  competitor_id: z.string(),
  /** XOF per month the same resources would cost more at the competitor. */
  monthly_saving: z.number(),
  /** XOF per year (twelve months). */
  yearly_saving: z.number(),
  competitor_monthly_price: z.number(),
});
export type PricingSaving = z.infer<typeof pricingSavingSchema>;

export const competitorQuoteSchema = z.object({
  id: z.string(),
  competitor: z.string(),
  product: z.string(),
  currency: z.enum(['USD', 'EUR']),
  /** In the competitor's currency, per month. */
  monthly_price_in_currency: z.number(),
  monthly_price: z.number(),
  monthly_price_base: z.number(),
  source_urls: z.array(z.string()),
  /** ISO date the prices were read. */
  read_on: z.string(),
});
export type CompetitorQuote = z.infer<typeof competitorQuoteSchema>;

export const competitorComparisonSchema = z.object({
  /** Our monthly price compared, XOF. */
  monthly_price: z.number(),
  /** The resources priced at each competitor; `inferred` when only a price was given. */
  basis: z.extend(resourceConfigurationSchema, { inferred: z.boolean() }),
  savings: z.array(pricingSavingSchema),
  competitors: z.array(competitorQuoteSchema),
  exchange_rates: z.object({ usd_xof: z.number(), usd_xof_as_of: z.string(), eur_xof: z.number() }),
  /** French caveat shown with the comparison. */
  note: z.string(),
});
export type CompetitorComparison = z.infer<typeof competitorComparisonSchema>;

/** POST /pricing/calculate. */
export const priceCalculationSchema = z.object({
  configuration: resourceConfigurationSchema,
  breakdown: priceBreakdownResponseSchema,
  currency: z.literal('XOF'),
  monthly_xof: z.number(),
  daily_xof: z.number(),
  hourly_xof: z.number(),
  yearly_xof: z.number(),
  /** Base units. */
  daily: z.number(),
  hourly: z.number(),
  yearly: z.number(),
  /** Absent with ?include_comparison=false. */
  comparison: z.optional(competitorComparisonSchema),
});
export type PriceCalculation = z.infer<typeof priceCalculationSchema>;

/** SPEC §3 "Preset". */
export const pricingPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  usage_description: z.string(),
  resources: z.object({ cpu: z.number(), ram: z.number(), storage: z.number() }),
  pricing: z.object({
    /** XOF per month (one replica). */
    monthly_price: z.number(),
    monthly_price_base: z.number(),
    daily_price: z.number(),
    hourly_price: z.number(),
  }),
});
export type PricingPreset = z.infer<typeof pricingPresetSchema>;

/** GET /pricing/presets. */
export const presetsResponseSchema = z.object({
  applications: z.record(
    z.enum(saasTemplateIds),
    z.object({ name: z.string(), presets: z.array(pricingPresetSchema) }),
  ),
  currency: z.literal('XOF'),
});
export type PresetsResponse = z.infer<typeof presetsResponseSchema>;

/** POST /pricing/recommend (SPEC §3 "Preset recommendation"). */
export const presetRecommendationSchema = z.object({
  application_type: z.enum(['wordpress', 'odoo']),
  preset: pricingPresetSchema,
  reasoning: z.string(),
  /** expected_users × the traffic coefficient the mapping compared with its thresholds. */
  weighted_load: z.number(),
  alternatives: z.array(pricingPresetSchema),
});
export type PresetRecommendation = z.infer<typeof presetRecommendationSchema>;

/** Per project of GET /pricing/my-usage. */
export const projectCostSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  /** XOF per month (SPEC §3). */
  monthly_cost: z.number(),
  monthly_cost_base: z.number(),
  yearly_cost: z.number(),
  resource_cost_xof: z.number(),
  resource_cost_base: z.number(),
  platform_fee_xof: z.number(),
  platform_fee_base: z.number(),
  /** Reserved by the applications: cores and GB, cpu and ram × replicas. */
  usage: z.object({ cpu_used: z.number(), ram_used: z.number(), storage_used: z.number() }),
  costs: resourceCostsSchema,
  /** Backup archives kept on the platform (GB), priced as storage; included in monthly_cost. */
  sauvegardes: resourceCostSchema,
  applications_count: z.number(),
  /** Of which the previews of pull requests (issue 26): how many, and their monthly cost (XOF). */
  apercus: z.object({ nombre: z.number(), cout_mensuel_xof: z.number() }),
});
export type ProjectCost = z.infer<typeof projectCostSchema>;

/** GET /pricing/my-usage (SPEC §3 "Usage summary"). */
export const usageSummarySchema = z.object({
  /** XOF. */
  total_monthly_cost: z.number(),
  total_yearly_cost: z.number(),
  total_monthly_cost_base: z.number(),
  projects_count: z.number(),
  applications_count: z.number(),
  currency: z.literal('XOF'),
  /** Most expensive first. */
  projects: z.array(projectCostSchema),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** GET /pricing/estimate-project (SPEC §3 "Cost estimate (project)"). */
export const projectEstimateSchema = z.object({
  estimation: z.object({
    /** XOF per month. */
    total: z.number(),
    total_base: z.number(),
    /** XOF. */
    daily: z.number(),
    hourly: z.number(),
    yearly: z.number(),
    currency: z.literal('XOF'),
    app_type: z.nullable(z.enum(saasTemplateIds)),
    configuration: resourceConfigurationSchema,
    breakdown: priceBreakdownResponseSchema,
  }),
});
export type ProjectEstimate = z.infer<typeof projectEstimateSchema>;
