/**
 * Recommended configurations per application type ('Configurations recommandées' in the
 * wizard's cost panel). Sizes stay within the wizard's limits (cpu ≤ 8, ram ≤ 16, storage ≤ 100)
 * so a preset can always be deployed; prices always come from the model in pricing.ts.
 */
import {
  applicationTemplates,
  saasTemplateIds,
  saasTemplates,
  type SaasTemplateId,
} from './catalog';
import { perDay, perHour, priceResources, toXof } from './pricing';
import type { PresetsResponse, PricingPreset } from './pricing-types';

export interface PresetDefinition {
  id: string;
  name: string;
  usageDescription: string;
  cpu: number;
  ram: number;
  storage: number;
}

/**
 * Each application file's `presets` (applications/*.json: WordPress grows by RAM first, Odoo
 * follows its deployment guide's workers rule), else one « Standard » preset: its catalogue
 * defaults, described by its `usage`.
 */
export const presetDefinitions = Object.fromEntries(
  applicationTemplates.map((t): [SaasTemplateId, readonly PresetDefinition[]] => [
    t.id,
    t.presets ?? [
      {
        id: `${t.id}-standard`,
        name: 'Standard',
        usageDescription: t.usage ?? '',
        cpu: t.resources.cpu,
        ram: t.resources.ram,
        storage: t.resources.storage,
      },
    ],
  ]),
) as Record<SaasTemplateId, readonly PresetDefinition[]>;

/** A preset as the API answers it, priced for one replica. */
export function presentPreset(def: PresetDefinition): PricingPreset {
  const { monthly } = priceResources({ cpu: def.cpu, ram: def.ram, storage: def.storage });
  return {
    id: def.id,
    name: def.name,
    usage_description: def.usageDescription,
    resources: { cpu: def.cpu, ram: def.ram, storage: def.storage },
    pricing: {
      monthly_price: toXof(monthly),
      monthly_price_base: monthly,
      daily_price: toXof(perDay(monthly)),
      hourly_price: toXof(perHour(monthly)),
    },
  };
}

export function presetsFor(type: SaasTemplateId): PricingPreset[] {
  return presetDefinitions[type].map(presentPreset);
}

/** GET /pricing/presets: every application type of the catalogue, in catalogue order. */
export function presetsByApplication(): PresetsResponse {
  const applications = Object.fromEntries(
    saasTemplateIds.map((id) => [id, { name: saasTemplates[id].name, presets: presetsFor(id) }]),
  ) as PresetsResponse['applications'];
  return { applications, currency: 'XOF' };
}
