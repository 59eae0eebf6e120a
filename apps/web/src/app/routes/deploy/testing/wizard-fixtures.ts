import { codeTemplates, COMING_SOON, saasTemplates } from '@nuage/shared/catalog';
import { perDay, perHour, priceResources, toXof } from '@nuage/shared/pricing';
import type { PriceCalculation, ResourceConfiguration } from '@nuage/shared/pricing-types';
import type { Catalog } from '@nuage/shared/schemas/responses/catalog';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';

/** Test data of the deploy wizard: two deployable projects, a read-only one, environments. */
export const project = buildProject();
export const otherProject = buildProject({
  id: '1c1c1c1c-0000-4000-8000-00000000000c',
  nom: 'Cabinet Thiès',
  role_projet: 'developer',
});
export const readOnlyProject = buildProject({
  id: '2d2d2d2d-0000-4000-8000-00000000000d',
  nom: 'Lecture Seule',
  role_projet: 'user',
});
export const production = buildEnvironment();
export const staging = buildEnvironment({
  id: '3e3e3e3e-0000-4000-8000-00000000000e',
  nom: 'staging',
  type: 'staging',
});
export const thiesDev = buildEnvironment({
  id: '4f4f4f4f-0000-4000-8000-00000000000f',
  nom: 'dev-thies',
  type: 'dev',
  projet_id: otherProject.id,
});

/** GET /buildpack/templates/available as the API builds it from the shared catalogue. */
export const catalog: Catalog = {
  saas: Object.values(saasTemplates).map((t) => ({
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    available: t.enabled,
    status: t.enabled ? 'disponible' : COMING_SOON,
    image: t.image,
    tag: t.tag,
    port: t.port,
    default_resources: { cpu: t.cpu, ram: t.ram, storage: t.storage },
    helm_version: t.helmVersion,
    helm_values: t.helmValues,
    database_config: { ...t.database },
  })),
  code: codeTemplates.map((t) => ({
    ...t,
    available: t.enabled,
    status: t.enabled ? 'disponible' : COMING_SOON,
  })),
};

/** POST /pricing/calculate's answer for `c`, with three savings (the panel shows two). */
export function calculation(c: ResourceConfiguration): PriceCalculation {
  const b = priceResources(c);
  const line = (quantity: number, unit: number, cost: number) => ({
    quantity,
    unit_price: unit,
    cost,
    cost_xof: toXof(cost),
  });
  const monthlyXof = toXof(b.monthly);
  const saving = (competitor: string, id: string, monthly: number) => ({
    competitor,
    competitor_id: id,
    monthly_saving: monthly,
    yearly_saving: monthly * 12,
    competitor_monthly_price: monthlyXof + monthly,
  });
  return {
    configuration: c,
    breakdown: {
      monthly: b.monthly,
      resources: {
        cpu: line(c.cpu * c.replicas, 20, b.cpu),
        ram: line(c.ram * c.replicas, 8, b.ram),
        storage: line(c.storage, 0.3, b.storage),
      },
      resource_cost: b.resources,
      resource_cost_xof: toXof(b.resources),
      platform_fee: b.platformFee,
      platform_fee_xof: toXof(b.platformFee),
    },
    currency: 'XOF',
    monthly_xof: monthlyXof,
    daily_xof: toXof(perDay(b.monthly)),
    hourly_xof: toXof(perHour(b.monthly)),
    yearly_xof: toXof(b.monthly * 12),
    daily: perDay(b.monthly),
    hourly: perHour(b.monthly),
    yearly: b.monthly * 12,
    comparison: {
      monthly_price: monthlyXof,
      basis: { ...c, inferred: false },
      savings: [
        saving('Nuage Alpha', 'alpha', 9000),
        saving('Nuage Beta', 'beta', 5000),
        saving('Nuage Gamma', 'gamma', 1000),
      ],
      competitors: [],
      exchange_rates: { usd_xof: 600, usd_xof_as_of: '2025-01-01', eur_xof: 655.957 },
      note: '',
    },
  };
}
