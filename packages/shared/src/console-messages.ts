/**
 * The texts of the signed-in screens (projects, deploys, quotas, certificates), apart from
 * messages.ts, which re-exports them: the login page loads messages.ts, and the texts of
 * screens it never shows stay out of its JavaScript (bench/login-page-weight.mjs).
 */

/** Projects, members, invitations and environments screens: SPEC §8 verbatim, then their siblings. */
export const projectErrors = {
  projectCreate: 'Erreur lors de la création du projet',
  projectsLoad: 'Erreur lors du chargement des projets',
  load: 'Erreur lors du chargement',
  environmentCreate: "Erreur lors de la création de l'environnement",
  environmentUpdate: "Erreur lors de la modification de l'environnement",
  environmentDelete: "Erreur lors de la suppression de l'environnement",
  environmentsLoad: 'Erreur lors du chargement des environnements',
  projectUpdate: 'Erreur lors de la modification du projet',
  projectDelete: 'Erreur lors de la suppression du projet',
  memberAdd: "Erreur lors de l'ajout du membre",
  memberRoleUpdate: 'Erreur lors de la modification du rôle',
  memberRemove: 'Erreur lors du retrait du membre',
  invitationRevoke: "Erreur lors de l'annulation de l'invitation",
  invitationAccept: "Erreur lors de l'acceptation de l'invitation",
  invitationInvalid: 'Invitation invalide ou expirée',
} as const;

export const projectSuccess = {
  projectCreated: 'Projet créé avec succès !',
  environmentCreated: 'Environnement créé avec succès !',
  environmentUpdated: 'Environnement modifié avec succès !',
  environmentDeleted: 'Environnement supprimé avec succès !',
  projectUpdated: 'Projet modifié avec succès !',
  projectDeleted: 'Projet supprimé avec succès !',
  memberRoleUpdated: 'Rôle mis à jour avec succès !',
  memberRemoved: 'Membre retiré du projet.',
  projectLeft: 'Vous avez quitté le projet.',
  invitationRevoked: 'Invitation annulée.',
  invitationLoginPrompt: 'Connectez-vous pour accéder au projet.',
} as const;

/** Deploy wizard and inline deploy form: SPEC §8 verbatim. */
export const deployErrors = {
  deploy: 'Erreur lors du déploiement',
  selectEnvAndTemplate: 'Veuillez sélectionner un environnement et un template',
} as const;

export const deploySuccess = {
  /** The wizard, before its 2-second redirect to the environment. */
  launched: 'Déploiement lancé avec succès !',
  /** The inline form of the environment page. */
  inlineDeployed: 'Application déployée avec succès !',
} as const;

/** SPEC §4 "Deploy button" states. */
export const deployButton = {
  idle: "Déployer l'application",
  pending: 'Déploiement en cours...',
  done: 'Déployé avec succès !',
} as const;

/** The 'Quota insuffisant' modal (SPEC §2 and §8). */
export const quotaTexts = {
  title: 'Quota insuffisant',
  subtitle: 'Ressources du projet insuffisantes',
  increase: (resource: string, current: string, suggested: string) =>
    `Augmenter le quota ${resource} du projet de ${current} à ${suggested}`,
  reduce: (resource: string, needed: string) =>
    `Réduire les ressources ${resource} demandées par l'application (actuellement ${needed})`,
  tips: [
    "Contactez l'administrateur du projet pour augmenter les quotas.",
    'Réduisez les ressources demandées (CPU, RAM, instances).',
    'Supprimez des applications existantes pour libérer des ressources.',
  ],
} as const;

/** The Certificates screen (/certificates): SPEC §8 leaves these texts open ("not shown"). */
export const certificateErrors = {
  load: 'Erreur lors du chargement des certificats',
  create: 'Erreur lors de la création du certificat',
  update: 'Erreur lors de la modification du certificat',
  delete: 'Erreur lors de la suppression du certificat',
  renew: 'Erreur lors du renouvellement du certificat',
  validate: 'Erreur lors de la validation du certificat',
  fileUnreadable: 'Impossible de lire ce fichier : choisissez un fichier PEM (.pem, .crt, .key).',
} as const;

export const certificateSuccess = {
  created: 'Certificat créé avec succès !',
  requested: "Demande de certificat Let's Encrypt envoyée !",
  updated: 'Certificat modifié avec succès !',
  deleted: 'Certificat supprimé avec succès !',
  renewRequested: 'Renouvellement du certificat demandé',
} as const;
