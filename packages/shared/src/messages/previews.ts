/** Every French text of pull-request previews (issue 26): API errors, history, Git host reports. */

export const previewErrorTexts = {
  notFound: 'Aperçu non trouvé',
  notCodeApplication:
    'Les aperçus des pull requests ne sont possibles que pour une application construite depuis un dépôt Git.',
  isPreview: 'Une application d’aperçu ne peut pas avoir ses propres aperçus.',
  delayInvalid:
    'Le délai de suppression doit être un nombre entier de minutes entre 0 et 10080 (7 jours).',
  notFork: 'Cet aperçu ne vient pas d’un fork : il a déjà les variables du projet.',
  alreadyApproved: 'Cet aperçu est déjà approuvé.',
  closed: 'Cette pull request est fermée : son aperçu est en cours de suppression.',
  apiUrlInvalid:
    'Adresse de l’API invalide : une adresse http(s) complète, par exemple https://gitlab.example.com/api/v4.',
  statusTokenUnknown: 'Ce jeton d’accès n’existe pas dans ce projet.',
  databasesInvalid:
    'Choisissez « aucune », « vide » ou « sauvegarde » pour les bases de données des aperçus.',
} as const;

/** Why a pull-request event builds nothing (answered to the provider, kept in the history). */
export const previewIgnoredTexts = {
  disabled: (n: number) =>
    `Pull request n° ${n} ignorée : les aperçus des pull requests ne sont pas activés pour cette application.`,
  otherBase: (n: number, base: string, tracked: string) =>
    `Pull request n° ${n} ignorée : elle vise la branche « ${base} », l’application suit « ${tracked} ».`,
  action: (n: number, action: string) =>
    `Pull request n° ${n} : l’action « ${action} » ne change pas l’aperçu.`,
  malformed: 'Événement de pull request illisible : numéro, branche ou commit absent.',
  notHead: (n: number, sha: string) =>
    `Pull request n° ${n} : le commit ${sha.slice(0, 12)} a déjà été construit pour son aperçu.`,
  unknown: (n: number) => `Pull request n° ${n} fermée : elle n’avait pas d’aperçu.`,
} as const;

/** The application's history and the server's refusals of a preview. */
export const previewEventTexts = {
  opened: (n: number, environment: string) =>
    `Aperçu de la pull request n° ${n} créé dans l’environnement « ${environment} ».`,
  creating: (n: number) =>
    `Pull request n° ${n} : son aperçu est en cours de création, le dernier commit y sera construit.`,
  updated: (n: number, sha: string) =>
    `Aperçu de la pull request n° ${n} : nouveau commit ${sha.slice(0, 12)} en construction.`,
  closed: (n: number) => `Pull request n° ${n} fermée : son aperçu sera supprimé.`,
  deleted: (n: number) => `Aperçu de la pull request n° ${n} supprimé.`,
  tooMany: (max: number) =>
    `Aperçu refusé : le projet a déjà ${max} aperçu${max > 1 ? 's' : ''} de pull requests ouvert${max > 1 ? 's' : ''} (maximum ${max}). Fermez une pull request ou supprimez un aperçu.`,
  quota: (detail: string) => `Aperçu refusé : il dépasserait le quota du projet. ${detail}`,
  noBackup: (database: string) =>
    `La base « ${database} » n’a pas encore de sauvegarde réussie : l’aperçu reçoit une base vide.`,
  restoring: (database: string) =>
    `La base « ${database} » de l’aperçu est restaurée depuis la dernière sauvegarde de celle de l’application.`,
  fork: 'Pull request venant d’un fork : l’aperçu est construit sans les variables du projet tant qu’un administrateur ne l’a pas approuvé.',
  approved: (n: number) =>
    `Aperçu de la pull request n° ${n} approuvé : reconstruit avec les variables du projet.`,
} as const;

/** The commit status and the comment the platform writes on the pull request. */
export const previewReportTexts = {
  context: 'NuageDeploy / aperçu',
  queued: 'Aperçu en file d’attente',
  building: 'Construction de l’aperçu en cours',
  deploying: 'Déploiement de l’aperçu en cours',
  ready: 'Aperçu prêt',
  failed: 'Échec de la construction de l’aperçu',
  refused: 'Aperçu refusé',
  commentTitle: '### Aperçu NuageDeploy',
  commentState: (label: string) => `**État :** ${label}`,
  commentCommit: (sha: string) => `**Commit :** \`${sha.slice(0, 12)}\``,
  commentUrl: (url: string) => `**Adresse :** ${url}`,
  commentLog: (url: string) => `**Journal de construction :** ${url}`,
  commentFork:
    '_Pull request venant d’un fork : construite sans les variables du projet tant qu’un administrateur ne l’a pas approuvée._',
  commentClosed: '_Pull request fermée : l’aperçu est supprimé._',
  commentFooter: (when: string) => `<sub>Mis à jour le ${when} (UTC).</sub>`,
  /** The operator's log: a report the Git host refused (never the token). */
  reportFailed: (status: number | string) => `Rapport à l’hébergeur Git refusé (${status}).`,
} as const;

/** The web's wording of previews. */
export const previewStateLabels = {
  building: 'En construction',
  deploying: 'En déploiement',
  ready: 'Prêt',
  failed: 'Échec',
  refused: 'Refusé',
  closing: 'Suppression',
} as const;

/** The API documentation's wording (/api/v1/docs). */
export const previewApiDocs = {
  tag: 'Aperçus des pull requests',
  list: 'Réglages des aperçus de l’application et aperçus de ses pull requests',
  settings: 'Active ou règle les aperçus des pull requests (administrateurs du projet)',
  approve:
    'Approuve l’aperçu d’une pull request venant d’un fork : reconstruit avec les variables du projet',
  remove: 'Supprime un aperçu maintenant (son environnement, son application et leurs données)',
} as const;
