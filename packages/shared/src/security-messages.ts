/**
 * French texts of sessions, two-factor authentication, API tokens, the login's extra step and
 * the audit log (SPEC leaves them open): one wording for the API's `detail` and the screens.
 */
export const sessionTexts = {
  ended: 'Session terminée.',
  othersEnded: 'Toutes vos autres sessions ont été terminées.',
  notFound: 'Session introuvable ou déjà terminée.',
  loggedOut: 'Vous êtes déconnecté.',
  csrfRefused:
    'Requête refusée : elle ne provient pas de l’application. Rechargez la page et réessayez.',
  originRefused:
    'Connexion refusée : elle ne provient pas de l’interface de la plateforme. Rechargez la page et réessayez.',
  sessionRequired:
    'Cette action demande une session ouverte dans le navigateur : un jeton d’API ne peut pas la faire.',
} as const;

export const loginStepTexts = {
  totpRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  emailCodeRequired:
    'Plusieurs tentatives de connexion ont échoué sur ce compte : pour votre sécurité, saisissez le code à 6 chiffres que nous venons de vous envoyer par email.',
  challengeInvalid: 'Cette étape de connexion a expiré. Reconnectez-vous avec votre mot de passe.',
  codeInvalid: 'Code invalide. Vérifiez le code et réessayez.',
  tooManyCodes: 'Trop de codes erronés. Patientez quelques minutes avant de réessayer.',
  codeRequired: 'Le code est requis',
  codeFormat: 'Saisissez un code à 6 chiffres ou un code de secours (xxxx-xxxx)',
  pairThrottled:
    'Trop de tentatives de connexion échouées depuis cette adresse. Réessayez dans quelques minutes.',
} as const;

export const twoFactorTexts = {
  alreadyEnabled: 'L’authentification à deux facteurs est déjà activée.',
  notEnabled: 'L’authentification à deux facteurs n’est pas activée.',
  noPendingSetup: 'Commencez par générer un QR code.',
  enabled: 'Authentification à deux facteurs activée. Vos autres sessions ont été fermées.',
  disabled: 'Authentification à deux facteurs désactivée.',
  wrongPassword: 'Mot de passe incorrect.',
  recoveryRegenerated: 'Nouveaux codes de secours générés : les anciens ne fonctionnent plus.',
} as const;

export const apiTokenTexts = {
  created: 'Jeton créé. Copiez-le maintenant : il ne sera plus jamais affiché.',
  revoked: 'Jeton révoqué.',
  notFound: 'Jeton introuvable.',
  nameRequired: 'Le nom du jeton est requis',
  nameTooLong: 'Le nom du jeton ne peut pas dépasser 60 caractères',
  expiryInvalid: 'Choisissez une durée de validité : 7, 30, 90 ou 365 jours',
  scopeInvalid: 'Choisissez une portée : lecture seule ou accès complet',
  tooMany: 'Vous avez atteint la limite de 20 jetons : révoquez-en un avant d’en créer un autre.',
  readOnly: 'Ce jeton d’API est en lecture seule : il ne peut rien modifier.',
  invalid: 'Jeton d’API invalide, expiré ou révoqué.',
  projectLimited:
    'Ce jeton d’API est limité à un projet : cette action concerne le compte et demande une session ou un jeton sans restriction de projet.',
} as const;

export const accountTexts = {
  registrationExists: 'Inscription : un compte existe déjà pour cette adresse',
  lastAdmin: (projects: string[]) =>
    `Vous êtes le seul administrateur ${projects.length > 1 ? 'des projets' : 'du projet'} ${projects.map((p) => `« ${p} »`).join(', ')}. Nommez un autre administrateur ou supprimez ${projects.length > 1 ? 'ces projets' : 'ce projet'} avant de supprimer votre compte.`,
  invitationSent:
    'Invitation envoyée. La personne invitée doit l’accepter pour rejoindre le projet.',
  invitationsTooManyProject:
    'Trop d’invitations envoyées pour ce projet. Réessayez dans une heure.',
  invitationsTooManyInviter: 'Vous avez envoyé trop d’invitations aujourd’hui. Réessayez demain.',
} as const;
