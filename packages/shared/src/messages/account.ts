/** The API's French answers about a user's own account: Git tokens, email change, devices. */
export const gitTokenTexts = {
  nameRequired: 'Le nom du token est requis',
  tokenRequired: 'Le token est requis',
  nameTooLong: 'Le nom du token ne peut pas dépasser 100 caractères',
  tokenTooLong: 'Le token ne peut pas dépasser 1000 caractères',
  notFound: 'Token Git non trouvé',
  inUse:
    'Ce token est utilisé par une application du projet : changez son accès au dépôt ou supprimez-la d’abord.',
} as const;

export const emailChangeTexts = {
  invalid: 'Code de confirmation invalide ou expiré.',
  tooMany: 'Trop de codes erronés. Modifiez à nouveau votre adresse pour recevoir un nouveau code.',
  none: "Aucun changement d'adresse email n'est en attente.",
} as const;

/** How a session's device is named in the sessions list. */
export const deviceTexts = {
  browserOn: (browser: string, system: string) => `${browser} sur ${system}`,
  unknown: 'Appareil inconnu',
} as const;

/** Why API tokens were revoked, as the project's audit log shows it (`raison`). */
export const tokenRevocationReasons = {
  ownerPasswordReset: 'réinitialisation du mot de passe du propriétaire',
} as const;
