import { publicPlans, type PublicPlan } from './plans';

/**
 * What /projects says about the plan's project limit (issue 33 item 2): the count against the
 * limit, always shown, and, once it is reached, why « Nouveau projet » opens no form and how to
 * get more (Profil → Facturation), before anything is typed.
 */
export const planLimitTexts = {
  /** « 2/2 projets » (owned projects against the plan's limit); unlimited plans show no /M. */
  usage: (owned: number, limit: number | null) =>
    limit === null
      ? `${owned} projet${owned > 1 ? 's' : ''}, sans limite`
      : `${owned}/${limit} projets`,
  planLabel: (planName: string) => `Offre ${planName}`,
  reachedTitle: 'Limite de projets atteinte',
  reached: (planName: string, limit: number, owned: number) =>
    `Votre offre ${planName} permet ${limit} projets au maximum et vous en possédez déjà ${owned}.`,
  /** The plans above `currentLimit`, named with their limits, and where to choose one. */
  upgrade: (currentLimit: number) => {
    const options = publicPlans
      .filter((p) => p.projectLimit === null || p.projectLimit > currentLimit)
      .map(describe);
    return `Pour en créer un autre, passez à l’offre ${options.join(' ou ')} dans Profil → Facturation, ou supprimez un projet dont vous n’avez plus besoin.`;
  },
  upgradeLink: 'Changer d’offre',
  close: 'Fermer',
} as const;

function describe(plan: PublicPlan): string {
  return plan.projectLimit === null
    ? `${plan.name} (projets illimités)`
    : `${plan.name} (${plan.projectLimit} projets)`;
}
