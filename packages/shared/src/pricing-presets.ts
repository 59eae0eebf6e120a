/**
 * Recommended configurations per application type ('Configurations recommandées' in the
 * wizard's cost panel). Sizes stay within the wizard's limits (cpu ≤ 8, ram ≤ 16, storage ≤ 100)
 * so a preset can always be deployed; prices always come from the model in pricing.ts.
 */
import { saasTemplateIds, saasTemplates, type SaasTemplateId } from './catalog';
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

// WordPress grows by RAM first (PHP workers, WooCommerce, page builders), then CPU; storage
// follows the media library.
const wordpress: PresetDefinition[] = [
  {
    id: 'wordpress-demarrage',
    name: 'Démarrage',
    usageDescription:
      'Blog, site vitrine ou portfolio : jusqu’à 1 000 visiteurs par jour, quelques extensions.',
    cpu: 0.5,
    ram: 1,
    storage: 10,
  },
  {
    id: 'wordpress-croissance',
    name: 'Croissance',
    usageDescription:
      'Site d’entreprise ou petite boutique WooCommerce : jusqu’à 10 000 visiteurs par jour.',
    cpu: 1,
    ram: 2,
    storage: 25,
  },
  {
    id: 'wordpress-entreprise',
    name: 'Entreprise',
    usageDescription:
      'Boutique en ligne active ou site média : plus de 10 000 visiteurs par jour, nombreux médias.',
    cpu: 2,
    ram: 4,
    storage: 50,
  },
];

// Odoo sizes follow its deployment guide's rule of thumb: (cores × 2) + 1 workers, one worker
// for about 6 concurrent users, and RAM for those workers plus the cron.
const odoo: PresetDefinition[] = [
  {
    id: 'odoo-demarrage',
    name: 'Démarrage',
    usageDescription:
      'Jusqu’à 10 utilisateurs : ventes, facturation et CRM pour une petite entreprise.',
    cpu: 1,
    ram: 2,
    storage: 20,
  },
  {
    id: 'odoo-croissance',
    name: 'Croissance',
    usageDescription:
      'De 10 à 50 utilisateurs : plusieurs modules (stocks, achats, comptabilité) au quotidien.',
    cpu: 2,
    ram: 4,
    storage: 40,
  },
  {
    id: 'odoo-entreprise',
    name: 'Entreprise',
    usageDescription:
      'De 50 à 200 utilisateurs : usage intensif (point de vente, fabrication, rapports lourds).',
    cpu: 4,
    ram: 8,
    storage: 80,
  },
];

/** The not-yet-deployable templates get one preset: their catalogue defaults. */
const standardUsage: Record<Exclude<SaasTemplateId, 'wordpress' | 'odoo'>, string> = {
  joomla: 'Site vitrine, portail ou intranet modeste : jusqu’à 1 000 visiteurs par jour.',
  drupal: 'Site institutionnel aux contenus structurés : jusqu’à 2 000 visiteurs par jour.',
  nextcloud: 'Fichiers, agendas et contacts partagés pour une équipe de 5 à 10 personnes.',
  matomo: 'Mesure d’audience d’un ou deux sites : jusqu’à 100 000 pages vues par mois.',
};

function standardPreset(id: keyof typeof standardUsage): PresetDefinition {
  const t = saasTemplates[id];
  return {
    id: `${id}-standard`,
    name: 'Standard',
    usageDescription: standardUsage[id],
    cpu: t.cpu,
    ram: t.ram,
    storage: t.storage,
  };
}

export const presetDefinitions: Record<SaasTemplateId, readonly PresetDefinition[]> = {
  wordpress,
  odoo,
  joomla: [standardPreset('joomla')],
  drupal: [standardPreset('drupal')],
  nextcloud: [standardPreset('nextcloud')],
  matomo: [standardPreset('matomo')],
};

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
