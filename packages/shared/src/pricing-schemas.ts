// zod/mini, like the other shared schemas: the web's forms reuse these without zod's full bundle.
import { z } from 'zod/mini';
import { saasTemplateIds } from './catalog';

/**
 * SPEC §5: the price calculation accepts wider ranges than the deploy wizard (cpu 0.1–32,
 * ram 0.5–128 GB, storage 1–1000 GB); replicas follow the wizard (1–10).
 */
export const pricingLimits = {
  cpu: { min: 0.1, max: 32 },
  ram: { min: 0.5, max: 128 },
  storage: { min: 1, max: 1000 },
  replicas: { min: 1, max: 10 },
  expectedUsers: { min: 1, max: 1_000_000 },
  /** XOF; far above any price the calculator can produce (12 205 270 XOF at the maximum). */
  monthlyPrice: { max: 1_000_000_000 },
} as const;

export const trafficLevels = ['low', 'medium', 'high'] as const;
export type TrafficLevel = (typeof trafficLevels)[number];

/** SPEC §5: the recommendation call is made only for these two templates. */
export const recommendableTypes = ['wordpress', 'odoo'] as const;
export type RecommendableType = (typeof recommendableTypes)[number];

export const pricingMessages = {
  cpuRequired: 'Le CPU est requis',
  cpuRange: 'Le CPU doit être compris entre 0,1 et 32 cores',
  ramRequired: 'La RAM est requise',
  ramRange: 'La RAM doit être comprise entre 0,5 et 128 GB',
  storageRequired: 'Le stockage est requis',
  storageRange: 'Le stockage doit être compris entre 1 et 1000 GB',
  replicasRange: 'Le nombre d’instances doit être un entier compris entre 1 et 10',
  includeComparison: 'include_comparison doit valoir true ou false',
  applicationTypeUnsupported:
    'La recommandation n’est disponible que pour les applications wordpress et odoo',
  expectedUsersInvalid: 'Le nombre d’utilisateurs attendus doit être un entier d’au moins 1',
  expectedUsersTooHigh: 'Le nombre d’utilisateurs attendus ne peut pas dépasser 1 000 000',
  trafficLevelInvalid: 'Le niveau de trafic doit valoir low, medium ou high',
  appTypeUnknown: "Ce type d'application n'existe pas dans le catalogue",
  monthlyPriceRequired: 'Le prix mensuel (XOF) est requis',
  monthlyPriceInvalid: 'Le prix mensuel doit être un nombre positif en XOF',
  resourcesTogether: 'Indiquez cpu, ram et storage ensemble, ou aucun des trois',
} as const;

const m = pricingMessages;
const L = pricingLimits;

const cpuChecks = [z.gte(L.cpu.min, m.cpuRange), z.lte(L.cpu.max, m.cpuRange)] as const;
const ramChecks = [z.gte(L.ram.min, m.ramRange), z.lte(L.ram.max, m.ramRange)] as const;
const storageChecks = [
  z.gte(L.storage.min, m.storageRange),
  z.lte(L.storage.max, m.storageRange),
] as const;
const replicasChecks = [
  z.int({ error: m.replicasRange }),
  z.gte(L.replicas.min, m.replicasRange),
  z.lte(L.replicas.max, m.replicasRange),
] as const;

/** POST /pricing/calculate body (SPEC §7): cpu, ram, storage and optional replicas (default 1). */
export const calculatePriceSchema = z.object({
  cpu: z.number({ error: m.cpuRequired }).check(...cpuChecks),
  ram: z.number({ error: m.ramRequired }).check(...ramChecks),
  storage: z.number({ error: m.storageRequired }).check(...storageChecks),
  replicas: z.optional(z.number({ error: m.replicasRange }).check(...replicasChecks)),
});
export type CalculatePriceInput = z.infer<typeof calculatePriceSchema>;

/** `?include_comparison=true|false`, true when absent (SPEC §7). */
export const calculateQuerySchema = z.object({
  include_comparison: z._default(
    z.pipe(
      z.enum(['true', 'false'], { error: m.includeComparison }),
      z.transform((v) => v === 'true'),
    ),
    true,
  ),
});

/** POST /pricing/recommend body. */
export const recommendSchema = z.object({
  application_type: z.enum(recommendableTypes, { error: m.applicationTypeUnsupported }),
  expected_users: z
    .number({ error: m.expectedUsersInvalid })
    .check(
      z.int({ error: m.expectedUsersInvalid }),
      z.gte(L.expectedUsers.min, m.expectedUsersInvalid),
      z.lte(L.expectedUsers.max, m.expectedUsersTooHigh),
    ),
  traffic_level: z.enum(trafficLevels, { error: m.trafficLevelInvalid }),
});
export type RecommendInput = z.infer<typeof recommendSchema>;

/**
 * A number read from a query string: absent or blank means "not given" (a form's empty input);
 * anything else must parse as a number, or it reads `invalidMsg`.
 */
function queryNumber(
  invalidMsg: string,
  ...checks: Parameters<ReturnType<typeof z.number>['check']>
) {
  return z.optional(
    z.pipe(
      z.transform((v: unknown) => {
        if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
        return typeof v === 'string' ? Number(v) : v;
      }),
      z.optional(z.number({ error: invalidMsg }).check(...checks)),
    ),
  );
}

type ResourceQuery = { app_type?: string; cpu?: number; ram?: number; storage?: number };

const requiredUnlessAppType = (field: 'cpu' | 'ram' | 'storage', error: string) =>
  z.refine<ResourceQuery>((q) => q.app_type !== undefined || q[field] !== undefined, {
    error,
    path: [field],
  });

/**
 * GET /pricing/estimate-project query. With app_type, missing resources take that template's
 * defaults; without it, cpu, ram and storage are all required.
 */
export const estimateProjectQuerySchema = z
  .object({
    cpu: queryNumber(m.cpuRange, ...cpuChecks),
    ram: queryNumber(m.ramRange, ...ramChecks),
    storage: queryNumber(m.storageRange, ...storageChecks),
    replicas: queryNumber(m.replicasRange, ...replicasChecks),
    app_type: z.optional(
      z.pipe(
        z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)),
        z.optional(z.enum(saasTemplateIds, { error: m.appTypeUnknown })),
      ),
    ),
  })
  .check(
    requiredUnlessAppType('cpu', m.cpuRequired),
    requiredUnlessAppType('ram', m.ramRequired),
    requiredUnlessAppType('storage', m.storageRequired),
  );
export type EstimateProjectQuery = z.infer<typeof estimateProjectQuerySchema>;

/**
 * GET /pricing/comparison query: the monthly price in XOF and, optionally, the resources it
 * buys (without them, the comparison assumes the wizard's default mix; see pricing-comparison).
 */
export const comparisonQuerySchema = z
  .object({
    monthly_price: queryNumber(
      m.monthlyPriceInvalid,
      z.gt(0, m.monthlyPriceInvalid),
      z.lte(L.monthlyPrice.max, m.monthlyPriceInvalid),
    ),
    cpu: queryNumber(m.cpuRange, ...cpuChecks),
    ram: queryNumber(m.ramRange, ...ramChecks),
    storage: queryNumber(m.storageRange, ...storageChecks),
    replicas: queryNumber(m.replicasRange, ...replicasChecks),
  })
  .check(
    z.refine((q) => q.monthly_price !== undefined, {
      error: m.monthlyPriceRequired,
      path: ['monthly_price'],
    }),
    z.refine(
      (q) => {
        const given = [q.cpu, q.ram, q.storage].filter((v) => v !== undefined).length;
        return given === 0 || given === 3;
      },
      { error: m.resourcesTogether, path: ['cpu'] },
    ),
  );
export type ComparisonQuery = z.infer<typeof comparisonQuerySchema>;
