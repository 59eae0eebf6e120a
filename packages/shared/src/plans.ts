/** The public plans of SPEC §9, shown on the landing page. Prices are XOF per month. */
export const planIds = ['decouverte', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
export type BillingPeriod = 'monthly' | 'annual';

export interface PublicPlan {
  id: PlanId;
  name: string;
  /** One line saying who the plan is for. */
  audience: string;
  monthlyPriceXof: number;
  /** Projects an account on this plan may own (create); null: unlimited. Enforced by the API. */
  projectLimit: number | null;
  features: readonly string[];
  mostPopular: boolean;
}

/** SPEC §9: annual billing saves 20 %; every plan is refundable for 30 days. */
export const ANNUAL_SAVING_PERCENT = 20;
export const MONEY_BACK_GUARANTEE_DAYS = 30;

export const publicPlans: readonly PublicPlan[] = [
  {
    id: 'decouverte',
    name: 'Découverte',
    audience: 'Pour lancer votre premier site ou votre boutique en ligne.',
    monthlyPriceXof: 12_500,
    projectLimit: 2,
    features: [
      'Jusqu’à 2 projets',
      'Déploiements illimités',
      '50 Go de bande passante',
      'Support par e-mail',
    ],
    mostPopular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    audience: 'Pour les PME et les startups qui grandissent.',
    monthlyPriceXof: 32_000,
    projectLimit: 10,
    features: ['Jusqu’à 10 projets', 'Domaines personnalisés', 'Mise à l’échelle automatique'],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'Pour les organisations aux exigences élevées.',
    monthlyPriceXof: 65_000,
    projectLimit: null,
    features: ['Projets et équipes illimités', 'SSO et sécurité avancée', 'Support dédié 24/7'],
    mostPopular: false,
  },
];

/**
 * What the customer pays per month for a plan: the list price when billed monthly, 20 % less
 * when billed annually (rounded to the franc; XOF has no subunit).
 */
export function monthlyPriceXof(plan: Pick<PublicPlan, 'monthlyPriceXof'>, billing: BillingPeriod) {
  if (billing === 'monthly') return plan.monthlyPriceXof;
  return Math.round((plan.monthlyPriceXof * (100 - ANNUAL_SAVING_PERCENT)) / 100);
}

/** The amount billed once a year on annual billing: twelve discounted months. */
export function annualPriceXof(plan: Pick<PublicPlan, 'monthlyPriceXof'>) {
  return monthlyPriceXof(plan, 'annual') * 12;
}

/** Every new account starts on Découverte; the customer changes plan under Profil → Facturation. */
export const DEFAULT_PLAN: PlanId = 'decouverte';

export function isPlanId(id: unknown): id is PlanId {
  return typeof id === 'string' && (planIds as readonly string[]).includes(id);
}

export function planOf(id: string): PublicPlan {
  return publicPlans.find((p) => p.id === id) ?? publicPlans[0]!;
}

/**
 * What the customer pays: the plan (a subscription) plus the resources of their applications,
 * priced per month by the one table of pricing.ts, the one the wizard and the costs show.
 */
export const billingModel =
  'Votre offre, plus les ressources de vos applications au prix affiché lors du déploiement.';

export const planMessages = {
  projectLimit: (plan: PublicPlan) =>
    `Votre offre ${plan.name} permet ${plan.projectLimit} projets au maximum. Supprimez un projet ou passez à une offre supérieure (Profil → Facturation).`,
  downgradeTooManyProjects: (plan: PublicPlan, owned: number) =>
    `L’offre ${plan.name} permet ${plan.projectLimit} projets au maximum et vous en possédez ${owned} : supprimez-en d’abord ${owned - (plan.projectLimit ?? owned)}.`,
  unknownPlan: 'Offre inconnue : choisissez Découverte, Pro ou Enterprise.',
  changed: (plan: PublicPlan) => `Vous êtes maintenant sur l’offre ${plan.name}.`,
} as const;
