/**
 * POST /pricing/recommend: a deterministic mapping from (expected_users, traffic_level) to a
 * preset of pricing-presets.ts.
 *
 *   weighted load = expected_users × traffic coefficient (low 0.5, medium 1, high 2)
 *   the first preset whose threshold is ≥ the load wins; the last one takes everything above.
 *
 * expected_users means visitors per day for WordPress and people working in the ERP for Odoo,
 * which is how each preset's usage description is worded.
 */
import { presentPreset, presetDefinitions } from './pricing-presets';
import type { RecommendableType, TrafficLevel } from './pricing-schemas';
import type { PresetRecommendation } from './pricing-types';

export const trafficCoefficients: Record<TrafficLevel, number> = { low: 0.5, medium: 1, high: 2 };

const trafficLabels: Record<TrafficLevel, string> = {
  low: 'faible',
  medium: 'moyen',
  high: 'élevé',
};

interface Band {
  presetId: string;
  /** Largest weighted load this preset is recommended for (inclusive). */
  upTo: number;
}

export const recommendationBands: Record<RecommendableType, readonly Band[]> = {
  wordpress: [
    { presetId: 'wordpress-demarrage', upTo: 1_000 },
    { presetId: 'wordpress-croissance', upTo: 10_000 },
    { presetId: 'wordpress-entreprise', upTo: Number.POSITIVE_INFINITY },
  ],
  odoo: [
    { presetId: 'odoo-demarrage', upTo: 10 },
    { presetId: 'odoo-croissance', upTo: 50 },
    { presetId: 'odoo-entreprise', upTo: Number.POSITIVE_INFINITY },
  ],
};

/** Beyond these loads even the largest preset is short: the reasoning suggests replicas. */
const largestPresetCapacity: Record<RecommendableType, number> = { wordpress: 50_000, odoo: 200 };

const audience: Record<RecommendableType, string> = {
  wordpress: 'visiteurs par jour',
  odoo: 'utilisateurs',
};

const fr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

function bandLabel(bands: readonly Band[], index: number, unit: string): string {
  const band = bands[index]!;
  if (index === 0) return `jusqu’à ${fr.format(band.upTo)} ${unit}`;
  const below = fr.format(bands[index - 1]!.upTo);
  if (!Number.isFinite(band.upTo)) return `plus de ${below} ${unit}`;
  return `plus de ${below} et jusqu’à ${fr.format(band.upTo)} ${unit}`;
}

export function recommendPreset(input: {
  application_type: RecommendableType;
  expected_users: number;
  traffic_level: TrafficLevel;
}): PresetRecommendation {
  const type = input.application_type;
  const coefficient = trafficCoefficients[input.traffic_level];
  const load = input.expected_users * coefficient;
  const bands = recommendationBands[type];
  const index = bands.findIndex((b) => load <= b.upTo);
  const presets = presetDefinitions[type].map(presentPreset);
  const preset = presets.find((p) => p.id === bands[index]!.presetId)!;
  const unit = audience[type];
  const { cpu, ram, storage } = preset.resources;

  let reasoning =
    `Pour ${fr.format(input.expected_users)} ${unit} avec un trafic ${trafficLabels[input.traffic_level]}, ` +
    `la configuration « ${preset.name} » (${fr.format(cpu)} vCPU, ${fr.format(ram)} GB de RAM, ` +
    `${fr.format(storage)} GB de stockage) est recommandée : la charge estimée est de ` +
    `${fr.format(load)} ${unit} (coefficient de trafic ${fr.format(coefficient)}), ` +
    `et cette configuration est prévue pour ${bandLabel(bands, index, unit)}.`;
  if (load > largestPresetCapacity[type]) {
    reasoning +=
      ' Au-delà de cette charge, augmentez aussi le nombre d’instances pour répartir le trafic.';
  }
  return {
    application_type: type,
    preset,
    reasoning,
    weighted_load: load,
    alternatives: presets.filter((p) => p.id !== preset.id),
  };
}

/**
 * The wizard asks nobody for a number of visitors (SPEC §9: it requests the recommendation for
 * an assumed small activity): the note says that it is an assumption, never « Pour 50 visiteurs
 * par jour » as if the customer had said so (issue 33).
 */
export function assumedRecommendationText(
  recommendation: Pick<PresetRecommendation, 'application_type' | 'preset'>,
  assumed: { expected_users: number; traffic_level: TrafficLevel },
): string {
  const type = recommendation.application_type;
  const bands = recommendationBands[type];
  const index = Math.max(
    0,
    bands.findIndex((b) => b.presetId === recommendation.preset.id),
  );
  const unit = audience[type];
  const { cpu, ram, storage } = recommendation.preset.resources;
  return (
    `Vous ne nous avez pas indiqué votre fréquentation : nous supposons une petite activité ` +
    `(${fr.format(assumed.expected_users)} ${unit}, trafic ${trafficLabels[assumed.traffic_level]}). ` +
    `Pour elle, « ${recommendation.preset.name} » (${fr.format(cpu)} vCPU, ${fr.format(ram)} GB de RAM, ` +
    `${fr.format(storage)} GB de stockage) suffit ; cette configuration est prévue pour ` +
    `${bandLabel(bands, index, unit)}. Si vous en attendez davantage, choisissez-en une plus grande ci-dessus.`
  );
}
