/** Errors of GET /projects/{id}/audit's query string. */
export const auditQueryTexts = {
  actorInvalid: 'acteur doit être l’identifiant d’un membre',
} as const;
