/**
 * What the push endpoint answers (and writes in the application's history) when a signed
 * delivery is not built: the provider shows the answer in its delivery log.
 */
export const webhookTexts = {
  /** 409: the same delivery id was already received (a replay, or the provider's redelivery). */
  replayed: 'Cette livraison du webhook a déjà été reçue : elle n’est pas rejouée.',
  /** The pushed commit is no longer the branch's head: an old or replayed delivery. */
  notHead: (sha: string, branch: string, head: string) =>
    `Push du commit ${sha.slice(0, 7)} ignoré : la branche « ${branch} » pointe désormais sur ${head.slice(0, 7)} (livraison ancienne ou rejouée), aucune version plus ancienne n’est déployée.`,
  /** The pushed commit was already built (or is being built) for this application. */
  alreadyBuilt: (sha: string, numero: number | null) =>
    `Push du commit ${sha.slice(0, 7)} ignoré : ce commit a déjà été construit pour cette application (construction n° ${numero ?? '?'}), rien n’est reconstruit. « Revenir à cette version » ou « Redéployer » le remettent en ligne si besoin.`,
  /** The repository could not be read to check the pushed commit. */
  unverified: (sha: string, reason: string) =>
    `Push du commit ${sha.slice(0, 7)} ignoré : le dépôt n’a pas pu être lu pour vérifier que ce commit est la tête de la branche. ${reason}`,
} as const;
