/** Response shapes of the Pricing calls (SPEC §7): `z.infer` of schemas/responses/pricing.ts. */
export type {
  CompetitorComparison,
  CompetitorQuote,
  PresetRecommendation,
  PresetsResponse,
  PriceBreakdownResponse,
  PriceCalculation,
  PricingPreset,
  PricingSaving,
  ProjectCost,
  ProjectEstimate,
  ResourceConfiguration,
  ResourceCost,
  UsageSummary,
} from './schemas/responses/pricing';
