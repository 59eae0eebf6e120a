/**
 * Response shapes of the Pricing calls (SPEC §7), typed once for the API and the web.
 *
 * Units: a field named `…_xof` (and the SPEC fields documented as XOF below) holds whole XOF;
 * a field named `…_base`, `cost`, `monthly`, `platform_fee` or `unit_price` holds base units
 * (CONVENTIONS.md "Money": 1 base unit = 655 XOF, see pricing.ts).
 */
import type { SaasTemplateId } from './catalog';

export interface ResourceConfiguration {
  cpu: number;
  ram: number;
  storage: number;
  replicas: number;
}

/** One resource's line: quantity (cores or GB, cpu and ram × replicas) × unit price. */
export interface ResourceCost {
  quantity: number;
  /** Base units per core or per GB per month. */
  unit_price: number;
  /** Base units per month. */
  cost: number;
  cost_xof: number;
}

/** SPEC §3 "Pricing result" breakdown, plus the XOF of each amount. */
export interface PriceBreakdownResponse {
  /** Base units per month: resource cost + platform fee. */
  monthly: number;
  resources: { cpu: ResourceCost; ram: ResourceCost; storage: ResourceCost };
  resource_cost: number;
  resource_cost_xof: number;
  platform_fee: number;
  platform_fee_xof: number;
}

/** SPEC §3: comparison.savings[]; only positive savings, largest first, at most 2. */
export interface PricingSaving {
  competitor: string;
  competitor_id: string;
  /** XOF per month the same resources would cost more at the competitor. */
  monthly_saving: number;
  /** XOF per year (twelve months). */
  yearly_saving: number;
  competitor_monthly_price: number;
}

export interface CompetitorQuote {
  id: string;
  competitor: string;
  product: string;
  currency: 'USD' | 'EUR';
  /** In the competitor's currency, per month. */
  monthly_price_in_currency: number;
  monthly_price: number;
  monthly_price_base: number;
  source_urls: string[];
  /** ISO date the prices were read. */
  read_on: string;
}

export interface CompetitorComparison {
  /** Our monthly price compared, XOF. */
  monthly_price: number;
  /** The resources priced at each competitor; `inferred` when only a price was given. */
  basis: ResourceConfiguration & { inferred: boolean };
  savings: PricingSaving[];
  competitors: CompetitorQuote[];
  exchange_rates: { usd_xof: number; usd_xof_as_of: string; eur_xof: number };
  /** French caveat shown with the comparison. */
  note: string;
}

/** POST /pricing/calculate. */
export interface PriceCalculation {
  configuration: ResourceConfiguration;
  breakdown: PriceBreakdownResponse;
  currency: 'XOF';
  monthly_xof: number;
  daily_xof: number;
  hourly_xof: number;
  yearly_xof: number;
  /** Base units. */
  daily: number;
  hourly: number;
  yearly: number;
  /** Absent with ?include_comparison=false. */
  comparison?: CompetitorComparison;
}

/** SPEC §3 "Preset". */
export interface PricingPreset {
  id: string;
  name: string;
  usage_description: string;
  resources: { cpu: number; ram: number; storage: number };
  pricing: {
    /** XOF per month (one replica). */
    monthly_price: number;
    monthly_price_base: number;
    daily_price: number;
    hourly_price: number;
  };
}

/** GET /pricing/presets. */
export interface PresetsResponse {
  applications: Record<SaasTemplateId, { name: string; presets: PricingPreset[] }>;
  currency: 'XOF';
}

/** POST /pricing/recommend (SPEC §3 "Preset recommendation"). */
export interface PresetRecommendation {
  application_type: 'wordpress' | 'odoo';
  preset: PricingPreset;
  reasoning: string;
  /** expected_users × the traffic coefficient the mapping compared with its thresholds. */
  weighted_load: number;
  alternatives: PricingPreset[];
}

/** Per project of GET /pricing/my-usage. */
export interface ProjectCost {
  project_id: string;
  project_name: string;
  /** XOF per month (SPEC §3). */
  monthly_cost: number;
  monthly_cost_base: number;
  yearly_cost: number;
  resource_cost_xof: number;
  resource_cost_base: number;
  platform_fee_xof: number;
  platform_fee_base: number;
  /** Reserved by the applications: cores and GB, cpu and ram × replicas. */
  usage: { cpu_used: number; ram_used: number; storage_used: number };
  costs: { cpu: ResourceCost; ram: ResourceCost; storage: ResourceCost };
  /** Backup archives kept on the platform (GB), priced as storage; included in monthly_cost. */
  sauvegardes: ResourceCost;
  applications_count: number;
}

/** GET /pricing/my-usage (SPEC §3 "Usage summary"). */
export interface UsageSummary {
  /** XOF. */
  total_monthly_cost: number;
  total_yearly_cost: number;
  total_monthly_cost_base: number;
  projects_count: number;
  applications_count: number;
  currency: 'XOF';
  /** Most expensive first. */
  projects: ProjectCost[];
}

/** GET /pricing/estimate-project (SPEC §3 "Cost estimate (project)"). */
export interface ProjectEstimate {
  estimation: {
    /** XOF per month. */
    total: number;
    total_base: number;
    /** XOF. */
    daily: number;
    hourly: number;
    yearly: number;
    currency: 'XOF';
    app_type: SaasTemplateId | null;
    configuration: ResourceConfiguration;
    breakdown: PriceBreakdownResponse;
  };
}
