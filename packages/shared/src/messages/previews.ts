/** Every French text of pull-request previews (issue 26): API errors, history, Git host reports. */

export const previewErrorTexts = {
  notFound: 'Aperçu non trouvé',
  notCodeApplication:
    'Les aperçus des pull requests ne sont possibles que pour une application construite depuis un dépôt Git.',
  isPreview: 'Une application d’aperçu ne peut pas avoir ses propres aperçus.',
  delayInvalid:
    'Le délai de suppression doit être un nombre entier de minutes entre 0 et 10080 (7 jours).',
  idleInvalid:
    'L’arrêt après inactivité doit être un nombre entier d’heures entre 1 et 720, ou vide pour ne jamais arrêter.',
  notStopped: 'Cet aperçu n’est pas arrêté.',
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
  forkEmptyDatabase: (database: string) =>
    `Pull request venant d’un fork : la base « ${database} » de l’aperçu est vide, sans les données de l’application.`,
  restoring: (database: string) =>
    `La base « ${database} » de l’aperçu est restaurée depuis la dernière sauvegarde de celle de l’application.`,
  fork: 'Pull request venant d’un fork : l’aperçu est construit sans les variables du projet tant qu’un administrateur ne l’a pas approuvé.',
  stoppedIdle: (n: number, hours: number) =>
    `Aperçu de la pull request n° ${n} arrêté : aucune requête depuis ${hours} h. Son environnement est supprimé ; un nouveau push ou « Relancer » le recrée.`,
  restarted: (n: number) => `Aperçu de la pull request n° ${n} relancé.`,
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
  stopped: 'Aperçu arrêté après inactivité',
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
  stopped: 'Arrêté',
  closing: 'Suppression',
} as const;

/** The API documentation's wording (/api/v1/docs). */
export const previewApiDocs = {
  tag: 'Aperçus des pull requests',
  list: 'Réglages des aperçus de l’application et aperçus de ses pull requests',
  settings: 'Active ou règle les aperçus des pull requests (administrateurs du projet)',
  approve:
    'Approuve l’aperçu d’une pull request venant d’un fork : reconstruit avec les variables du projet',
  restart:
    'Relance un aperçu arrêté après inactivité : recréé depuis le dernier commit de sa pull request',
  remove: 'Supprime un aperçu maintenant (son environnement, son application et leurs données)',
} as const;

/**
 * The web's card « Aperçus des pull requests » (application page), its settings form and the
 * environments list's badge. States are said with `previewStateLabels`.
 */
export const previewWebTexts = {
  cardTitle: 'Aperçus des pull requests',
  cardDescription:
    'Chaque pull request vers la branche suivie est construite et déployée à sa propre adresse, puis supprimée après sa fermeture.',
  configure: 'Configurer',
  on: 'Activés',
  off: 'Désactivés',
  loadFailed: 'Les aperçus n’ont pas pu être chargés.',
  sizeLabel: 'Taille de chaque aperçu',
  size: (cpu: string, ram: string) => `${cpu} CPU · ${ram} Go`,
  deletionLabel: 'Suppression',
  deletionAtOnce: 'dès la fermeture de la pull request',
  deletionAfter: (minutes: number) => `${minutes} min après la fermeture de la pull request`,
  webhookHint:
    'Le webhook de l’application (plus haut sur cette page) doit aussi envoyer les événements de pull request : « Pull requests » sur GitHub, « Merge request events » sur GitLab, « Pull Request » sur Gitea.',
  openCount: (open: number, max: number) => `${open} / ${max} aperçus ouverts dans le projet`,
  costOfPreviews: (count: number) =>
    `Dont ${count} aperçu${count > 1 ? 's' : ''} de pull request${count > 1 ? 's' : ''} :`,
  trackedTitle: 'Branches suivies par environnement',
  trackedHere: (environment: string) => `${environment} (cette application)`,
  trackedElsewhere: (environment: string, application: string) => `${environment} · ${application}`,
  listLabel: 'Aperçus ouverts',
  empty: 'Aucun aperçu : ouvrez une pull request vers la branche suivie.',
  pullRequest: (n: number) => `n° ${n}`,
  branchLabel: 'Branche',
  commitLabel: 'Commit',
  monthlyCost: (amount: string) => `${amount} / mois`,
  deletionPlanned: (when: string) => `Suppression prévue le ${when}`,
  openApplication: 'Application',
  openApplicationLabel: (n: number) => `Ouvrir l’application de l’aperçu n° ${n}`,
  fork: 'Depuis un fork',
  forkPending:
    'Construit sans les variables du projet tant qu’un administrateur ne l’a pas approuvé.',
  approve: 'Approuver',
  approveTitle: 'Approuver cet aperçu ?',
  approveBody: (n: number) =>
    `La pull request n° ${n} vient d’un fork : une fois approuvée, elle est reconstruite avec les variables du projet, secrets compris. Relisez ses changements avant de l’approuver.`,
  approving: 'Approbation…',
  approveFailed: 'L’aperçu n’a pas pu être approuvé',
  restart: 'Relancer',
  restartLabel: (n: number) => `Relancer l’aperçu n° ${n}`,
  restartFailed: 'L’aperçu n’a pas pu être relancé',
  delete: 'Supprimer',
  deleteLabel: (n: number) => `Supprimer l’aperçu n° ${n}`,
  deleteTitle: 'Supprimer cet aperçu ?',
  deleteBody: (n: number) =>
    `L’aperçu de la pull request n° ${n}, son application et son environnement sont supprimés maintenant. Cette action est irréversible.`,
  deleting: 'Suppression…',
  deleteFailed: 'L’aperçu n’a pas pu être supprimé',
  formTitle: 'Configurer les aperçus des pull requests',
  formDescription:
    'Chaque aperçu est une application à part, comptée dans les quotas et les coûts du projet.',
  enable: 'Activer les aperçus des pull requests',
  cpuLabel: 'CPU de chaque aperçu (cœurs)',
  ramLabel: 'RAM de chaque aperçu (Go)',
  deletionDelayLabel: 'Supprimer l’aperçu … minutes après la fermeture',
  deletionDelayHint: '0 : dès la fermeture de la pull request. Au plus 10080 (7 jours).',
  idleLabel: 'Arrêter un aperçu inactif après … heures',
  idleHint:
    'Vide : jamais. Sans requête ni push pendant ce délai, l’aperçu est arrêté : son environnement et ses données sont supprimés, « Relancer » ou un nouveau push le recrée.',
  idleSummaryLabel: 'Arrêt si inactif',
  idleNever: 'jamais',
  idleAfter: (hours: number) => `après ${hours} h sans requête`,
  databasesLabel: 'Bases de données des aperçus',
  databasesHint:
    'Pour chaque base de données liée à l’application, l’aperçu reçoit la sienne, du même moteur et de la même version, sous la même variable. Elle compte dans les quotas du projet.',
  databaseModes: {
    vide: 'Une base vide',
    sauvegarde: 'Une copie de la dernière sauvegarde',
    aucune: 'Aucune base de données',
  },
  variablesTitle: 'Variables des aperçus',
  variablesHint:
    'Elles remplacent ou complètent les variables de l’application dans chaque aperçu. Les valeurs secrètes sont chiffrées et ne sont jamais réaffichées.',
  noVariables: 'Aucune variable propre aux aperçus.',
  addVariable: 'Ajouter une variable',
  secretStored: 'Valeur secrète enregistrée',
  removeVariable: (name: string) => `Supprimer la variable ${name}`,
  apiUrlLabel: 'Adresse de l’API de l’hébergeur Git (facultatif)',
  apiUrlHint:
    'Vide : déduite de l’adresse du dépôt. Pour un GitLab ou un Gitea hébergé chez vous, par exemple https://gitlab.example.com/api/v4.',
  statusTokenLabel: 'Jeton des rapports de statut',
  statusTokenHint:
    'Le statut du commit et le commentaire sur la pull request sont écrits avec ce jeton du projet.',
  statusTokenDefault: 'Le jeton de l’application',
  saved: 'Paramètres des aperçus enregistrés',
  saveFailed: 'Les paramètres des aperçus n’ont pas pu être enregistrés',
  environmentBadge: (n: number) => `Aperçu PR n° ${n}`,
  environmentBadgeLink: (n: number) => `Aperçu de la pull request n° ${n} (ouvrir la pull request)`,
} as const;
