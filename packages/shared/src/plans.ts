/** The public plans of SPEC §9, shown on the landing page. Prices are XOF per month. */
export type PlanId = 'decouverte' | 'pro' | 'enterprise';
export type BillingPeriod = 'monthly' | 'annual';

export interface PublicPlan {
  id: PlanId;
  name: string;
  /** One line saying who the plan is for. */
  audience: string;
  monthlyPriceXof: number;
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
    features: ['Jusqu’à 10 projets', 'Domaines personnalisés', 'Mise à l’échelle automatique'],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'Pour les organisations aux exigences élevées.',
    monthlyPriceXof: 65_000,
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
