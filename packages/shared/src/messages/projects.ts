/**
 * The API's French answers about projects, their members, invitations, environments and quotas
 * (`detail` of errors and `message` of successes).
 */
export const projectTexts = {
  notFound: 'Projet non trouvé',
  adminOnly: 'Action réservée aux administrateurs du projet.',
  developerOrAdminOnly: 'Action réservée aux développeurs et administrateurs du projet.',
  deleted: 'Projet supprimé avec succès.',
  /** Quantities with a decimal comma, as the quota error writes them. */
  quotaBelowUsage: (p: { label: string; next: string; used: string; unit: string }) =>
    `Impossible de réduire le quota ${p.label} à ${p.next} ${p.unit} : les applications du projet en réservent déjà ${p.used} ${p.unit}.`,
  /** An environment's status message while its namespace quota follows the project's. */
  applyingQuota: 'Application du nouveau quota…',
} as const;

export const memberTexts = {
  notFound: 'Membre non trouvé dans ce projet.',
  lastAdmin:
    'Le projet doit garder au moins un administrateur : nommez-en un autre avant de retirer ou rétrograder celui-ci.',
  alreadyMember: 'Cette personne est déjà membre du projet.',
  invitationPending: 'Une invitation est déjà en attente pour cette adresse email.',
  removed: 'Membre retiré du projet.',
} as const;

export const invitationTexts = {
  invalid: "Cette invitation n'existe pas, a expiré ou a déjà été utilisée.",
  revoked: 'Invitation annulée.',
  joined: (projectName: string) => `Vous avez rejoint le projet « ${projectName} ».`,
} as const;

export const environmentTexts = {
  notFound: 'Environnement non trouvé',
  nameTaken: 'Un environnement porte déjà ce nom dans ce projet.',
  deleted: 'Environnement supprimé avec succès !',
} as const;

/** SPEC §3's quota error: its message and the lines of `quota_exceeded`. */
export const quotaErrorTexts = {
  message: 'Ressources du projet insuffisantes pour cette application.',
  storageLabel: 'stockage',
  exceeded: (p: {
    label: string;
    unit: string;
    requested: string;
    available: string;
    quota: string;
  }) =>
    `${p.label} : ${p.requested} ${p.unit} demandé(s), ${p.available} ${p.unit} disponible(s) sur ${p.quota}`,
} as const;
