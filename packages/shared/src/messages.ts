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
  /** Any text of any request: a NUL character or half of a UTF-16 pair (no character at all). */
  invalidCharacters:
    'Ce champ contient un caractère invalide (caractère nul ou caractère Unicode incomplet)',
  dateInvalid: 'Date invalide : utilisez le format AAAA-MM-JJ avec une date qui existe',
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

// Texts of the signed-in screens: a module of their own, outside the login page's JavaScript.
export {
  certificateErrors,
  certificateSuccess,
  deployButton,
  deployErrors,
  deploySuccess,
  projectErrors,
  projectSuccess,
  quotaTexts,
} from './console-messages';
