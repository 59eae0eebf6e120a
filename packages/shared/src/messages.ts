/**
 * Every French text the user can read that comes from SPEC §5 (validation) and §8 (errors,
 * success toasts), verbatim, plus the server's own `detail` texts. Server and forms import
 * these so a rule is worded once.
 */
export const validation = {
  emailRequired: "L'email est requis",
  emailInvalid: 'Adresse email invalide',
  passwordRequired: 'Le mot de passe est requis',
  passwordMin6: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordMin8: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordComplexity:
    'Le mot de passe doit contenir au moins une minuscule, une majuscule et un chiffre',
  passwordTooLong: 'Le mot de passe ne peut pas dépasser 128 caractères',
  confirmRequired: 'La confirmation du mot de passe est requise',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  nomRequired: 'Le nom est requis',
  prenomRequired: 'Le prénom est requis',
  nomMin2: 'Le nom doit contenir au moins 2 caractères',
  prenomMin2: 'Le prénom doit contenir au moins 2 caractères',
  nameTooLong: 'Le nom ne peut pas dépasser 100 caractères',
  prenomTooLong: 'Le prénom ne peut pas dépasser 100 caractères',
  codeRequired: 'Le code de vérification est requis',
  codeSixDigits: 'Le code doit contenir exactement 6 chiffres',
  tokenRequired: 'Le lien de réinitialisation est incomplet',
  deleteConfirm: 'Veuillez saisir SUPPRIMER pour confirmer la suppression du compte',
  invalidValue: 'Valeur invalide',
  controlCharacters:
    'Ce champ ne peut pas contenir de retour à la ligne ni de caractère de contrôle',
  unknownField: 'Champ non reconnu',
} as const;

export const errors = {
  login: 'Erreur de connexion. Vérifiez vos identifiants.',
  register: "Erreur lors de l'inscription. Veuillez réessayer.",
  verify: 'Code de vérification invalide ou expiré.',
  resend: 'Erreur lors du renvoi du code.',
  forgotPassword: 'Erreur lors de la demande de réinitialisation.',
  resetDefault: 'Erreur lors de la réinitialisation du mot de passe.',
  resetInvalidToken: 'Token invalide ou expiré. Veuillez refaire une demande de réinitialisation.',
  resetMissingInfo: 'Informations de réinitialisation manquantes',
  resetInvalidLink: 'Lien de réinitialisation invalide ou expiré',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  generic: 'Une erreur est survenue. Veuillez réessayer.',
  network: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
  failedToFetchUser: 'Failed to fetch user data',
  profileUpdate: 'Erreur lors de la mise à jour du profil.',
  accountDelete: 'Erreur lors de la suppression du compte.',
} as const;

export const success = {
  login: 'Connexion réussie !',
  register: 'Inscription réussie ! Vérifiez votre email pour activer votre compte.',
  clientFolderSuffix: ' Dossier Client créé avec succès !',
  codeResent: 'Nouveau code de vérification envoyé !',
  passwordReset: 'Mot de passe réinitialisé avec succès !',
  profileUpdated: 'Profil mis à jour avec succès !',
  emailChangeRequested: 'Un code de confirmation a été envoyé à votre nouvelle adresse email.',
  emailChanged: 'Adresse email modifiée avec succès !',
  emailChangeCancelled: "Le changement d'adresse email a été annulé.",
  passwordLinkSent: 'Un lien de changement de mot de passe a été envoyé à votre adresse email.',
  accountDeleted: 'Votre compte a été supprimé.',
  loggedOut: 'Vous êtes déconnecté.',
} as const;

/** `detail` texts answered by the API (French, shown as-is by the client's toasts). */
export const serverDetails = {
  notAuthenticated: 'Authentification requise. Veuillez vous connecter.',
  sessionInvalid: 'Session invalide ou expirée. Veuillez vous reconnecter.',
  notFound: 'Ressource introuvable.',
  routeNotFound: "Cette adresse de l'API n'existe pas.",
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  internal: 'Erreur interne du serveur. Veuillez réessayer plus tard.',
  databaseUnavailable: 'Base de données indisponible. Veuillez réessayer dans quelques instants.',
  badJson: 'Le corps de la requête est invalide (JSON attendu).',
  payloadTooLarge: 'Le corps de la requête est trop volumineux.',
  tooManyRequests: 'Trop de requêtes. Veuillez patienter avant de réessayer.',
  emailTaken: 'Un compte existe déjà avec cette adresse email.',
  invalidCredentials: 'Email ou mot de passe incorrect.',
  accountNotVerified:
    "Votre compte n'est pas encore vérifié. Saisissez le code à 6 chiffres reçu par email pour l'activer.",
  tooManyLoginAttempts:
    'Trop de tentatives de connexion échouées. Réessayez dans quelques minutes.',
  verifyInvalid: 'Code de vérification invalide ou expiré.',
  verifyTooManyAttempts: 'Trop de codes erronés. Demandez un nouveau code de vérification.',
  alreadyVerified: 'Ce compte est déjà vérifié. Vous pouvez vous connecter.',
  resendTooSoon: 'Veuillez patienter une minute avant de demander un nouveau code.',
  resendSent: 'Si un compte non vérifié existe pour cette adresse, un nouveau code a été envoyé.',
  verified: 'Compte vérifié avec succès !',
  resetRequested:
    'Si un compte existe pour cette adresse, un lien de réinitialisation valable 60 minutes vient de lui être envoyé.',
  resetTooSoon: 'Veuillez patienter 5 minutes entre deux demandes de réinitialisation.',
  resetTooMany:
    'Limite atteinte : 3 demandes de réinitialisation par 24 heures. Réessayez plus tard.',
  resetInvalid: 'Token invalide ou expiré. Veuillez refaire une demande de réinitialisation.',
  resetDone: 'Mot de passe réinitialisé avec succès !',
  registered: 'Inscription réussie ! Un code de vérification a été envoyé à votre adresse email.',
  accountDeleted: 'Votre compte et les données qui vous appartenaient ont été supprimés.',
  mailUnavailable:
    "L'email n'a pas pu être envoyé pour le moment. Veuillez réessayer dans quelques instants.",
} as const;

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
    'Réduisez les ressources demandées (CPU, RAM, replicas).',
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
