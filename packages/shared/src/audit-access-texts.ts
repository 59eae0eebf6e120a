import { roleLabels, type ProjectRole } from './roles';

/**
 * The audit log page for a member who is not one of the project's admins (issue 33 item 9):
 * said once, in the page, instead of a refused load (toasts, a retry that cannot work, filters).
 */
export const auditAccessTexts = {
  title: 'Réservé aux administrateurs du projet',
  /** `role`: the caller's, when known (a refusal of the log alone does not say it). */
  body: (projectName: string, role?: ProjectRole) =>
    `Le journal d’audit de « ${projectName} » n’est visible que par ses administrateurs${role ? ` ; votre rôle dans ce projet : ${roleLabels[role]}` : ''}. Un administrateur du projet peut le consulter pour vous, ou vous donner ce rôle.`,
  back: 'Retour au projet',
  loadError: 'Erreur lors du chargement du journal d’audit',
} as const;
