/** Texts of the databases of an environment (issue 25): API errors, events and the web pages. */
export const databaseTexts = {
  notFound: 'Base de données introuvable.',
  engineRequired: 'Choisissez un moteur : PostgreSQL, MariaDB ou Redis.',
  versionUnavailable: (engine: string, versions: string[]) =>
    `Cette version de ${engine} n’est pas proposée : choisissez ${versions.join(' ou ')}.`,
  nameRequired: 'Le nom de la base de données est requis',
  nameTooLong: 'Le nom de la base de données ne peut pas dépasser 40 caractères',
  nameInvalid:
    'Nom invalide : lettres minuscules, chiffres et tirets, commençant par une lettre (exemple : clients-prod)',
  nameTaken: 'Une base de données ou une application porte déjà ce nom dans cet environnement.',
  storageShrink: (current: number) =>
    `Le stockage d’une base de données ne peut pas diminuer (aujourd’hui ${String(current).replace('.', ',')} GB) : ses données y sont.`,
  stoppedNoBackup:
    'La base de données est arrêtée : démarrez-la pour la sauvegarder ou la restaurer.',
  finalBackupStopped:
    'La base de données est arrêtée : démarrez-la pour sa sauvegarde finale, ou supprimez-la sans sauvegarde finale.',
  finalBackupFailed: (reason: string) =>
    `La sauvegarde finale a échoué, la base de données n’est pas supprimée : ${reason}`,
  /** The 202 of a deletion with a final backup: the backup runs, the deletion follows it. */
  finalBackupStarted:
    'Sauvegarde finale en cours : la base de données sera supprimée une fois la sauvegarde vérifiée. La sauvegarde restera dans le projet, sous « Sauvegardes finales des bases supprimées ».',
  notDeletedAfterBackup: (reason: string) =>
    `La sauvegarde finale est faite, mais la base de données n’a pas été supprimée : ${reason}`,
  restoreTargetEngine:
    'Une sauvegarde de base de données se restaure dans une base du même moteur.',
  editElsewhere:
    'C’est une base de données : modifiez ses ressources depuis sa page (le stockage ne peut qu’augmenter).',
  nothingToChange: 'Indiquez le CPU, la RAM ou le stockage à modifier.',
  deleting: 'Cette base de données est en cours de suppression.',
  stopped: 'Cette base de données est arrêtée : démarrez-la d’abord.',
  alreadyStopped: 'Cette base de données est déjà arrêtée.',
  alreadyStarted: 'Cette base de données est déjà démarrée.',
  createRequested: 'Création de la base de données demandée',
  resizeRequested: 'Redimensionnement demandé',
  restartRequested: 'Redémarrage demandé',
  stopRequested: 'Arrêt demandé',
  startRequested: 'Démarrage demandé',
  passwordRequested:
    'Nouveau mot de passe demandé : il est appliqué dans la base, puis les applications liées redémarrent',
  regenerated:
    'Nouveau mot de passe demandé : la base l’applique, puis les applications liées redémarrent avec lui.',
  deletionStarted: 'Suppression de la base de données lancée.',
  restartStarted: 'Redémarrage de la base de données demandé.',
  stopStarted: 'Arrêt de la base de données demandé.',
  startStarted: 'Démarrage de la base de données demandé.',
  // Links
  applicationRequired: 'Choisissez une application à lier',
  applicationNotFound: 'Application introuvable dans l’environnement de cette base de données.',
  applicationNotLinkable:
    'Seules les applications de votre code ou d’une image peuvent être liées à une base de données.',
  variableInvalid:
    'Nom de variable invalide : lettres majuscules, chiffres et « _ », commençant par une lettre (exemple : DATABASE_URL)',
  variableTaken: (name: string) =>
    `L’application a déjà une variable ${name} : choisissez un autre nom.`,
  alreadyLinked: 'Cette application est déjà liée à cette base de données.',
  linkNotFound: 'Cette application n’est pas liée à cette base de données.',
  linked: (app: string, variable: string) =>
    `Application « ${app} » liée : elle redémarre avec la variable ${variable}.`,
  unlinked: (app: string) => `Application « ${app} » déliée : elle redémarre sans la variable.`,
  linkEvent: (db: string, variable: string) =>
    `Base de données « ${db} » liée (variable ${variable})`,
  unlinkEvent: (db: string) => `Base de données « ${db} » déliée`,
  credentialsEvent: (db: string) =>
    `Mot de passe de la base de données « ${db} » changé : redémarrage avec le nouveau`,
  inUse: (apps: string[]) =>
    `Cette base de données est liée à ${apps.join(', ')} : déliez ces applications d’abord.`,
} as const;

/** Texts of the web pages of databases. */
export const databasePageTexts = {
  section: 'Bases de données',
  empty: 'Aucune base de données dans cet environnement.',
  create: 'Nouvelle base de données',
  createSubmit: 'Créer la base de données',
  engine: 'Moteur',
  version: 'Version',
  name: 'Nom',
  resources: 'Ressources',
  cpu: 'CPU (cores)',
  ram: 'RAM (GB)',
  storage: 'Stockage (GB)',
  status: 'Statut',
  connection: 'Connexion',
  host: 'Hôte interne',
  port: 'Port',
  user: 'Utilisateur',
  database: 'Base',
  password: 'Mot de passe',
  connectionString: 'Chaîne de connexion',
  internalOnly:
    'Accessible uniquement depuis les applications de cet environnement, par son hôte interne.',
  reveal: 'Afficher le mot de passe',
  revealTitle: 'Afficher le mot de passe de la base',
  regenerate: 'Régénérer le mot de passe',
  regenerateTitle: 'Régénérer le mot de passe de la base',
  regenerateHelp:
    'Le mot de passe est changé dans la base, puis les applications liées redémarrent avec le nouveau.',
  accountPassword: 'Votre mot de passe de compte',
  confirm: 'Confirmer',
  cancel: 'Annuler',
  hide: 'Masquer',
  copy: 'Copier',
  linked: 'Applications liées',
  noLinks: 'Aucune application liée.',
  link: 'Lier une application',
  linkSubmit: 'Lier',
  unlink: 'Délier',
  variable: 'Variable',
  variableHelp: 'La chaîne de connexion est donnée à l’application comme variable secrète.',
  chooseApplication: 'Choisissez une application',
  noLinkable:
    'Aucune autre application à lier : seules celles de votre code ou d’une image de cet environnement peuvent l’être.',
  restart: 'Redémarrer',
  stop: 'Arrêter',
  start: 'Démarrer',
  resize: 'Redimensionner',
  resizeSubmit: 'Enregistrer',
  storageGrowsOnly: 'Le stockage ne peut qu’augmenter.',
  resizeDone: 'Nouvelles ressources demandées : la base redémarre avec elles.',
  delete: 'Supprimer',
  finalBackup: 'Faire une sauvegarde finale avant la suppression',
  finalBackupHint:
    'La base n’est supprimée qu’une fois cette sauvegarde réussie ; la sauvegarde reste ensuite dans le projet (« Sauvegardes finales des bases supprimées »), restaurable dans une nouvelle base.',
  finalBackupStoppedHint:
    'La base est arrêtée : démarrez-la pour pouvoir faire une sauvegarde finale.',
  finalBackupPending: 'Sauvegarde finale…',
  deleteConfirm: (name: string) =>
    `Supprimer la base de données « ${name} » et toutes ses données ? Cette action est définitive.`,
  back: 'Retour à l’environnement',
  stoppedLabel: 'Arrêtée',
  open: 'Ouvrir',
  notFound: 'Base de données introuvable.',
  loadError: 'Impossible de charger les bases de données.',
  actionError: 'L’action sur la base de données a échoué.',
  created: (name: string) => `Base de données « ${name} » demandée : elle démarre.`,
  engineHint: (engine: string, port: number) => `${engine}, port ${port}`,
  sectionHelp:
    'Des bases PostgreSQL, MariaDB ou Redis pour les applications de cet environnement, joignables d’elles seules.',
  linkedCount: (n: number) =>
    n === 0
      ? 'Aucune application liée'
      : n === 1
        ? '1 application liée'
        : `${n} applications liées`,
  revealHidden: 'Mot de passe masqué',
  description: (env: string) =>
    `Base de données de l’environnement ${env} : connexion, applications liées, ressources.`,
} as const;
