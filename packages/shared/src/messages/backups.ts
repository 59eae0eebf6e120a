/**
 * Why a backup, a restore or a restore test failed (kept on the backup and shown in its list),
 * and the backups' other server texts.
 */
export const backupFailureTexts = {
  applicationGone: "L'application n'existe plus.",
  targetGone: "L'application cible n'existe plus.",
  unusable: "Cette sauvegarde n'est pas utilisable (elle a échoué ou n'existe plus).",
  checksumChanged: 'La somme de contrôle de la sauvegarde ne correspond plus : fichier altéré.',
  noTables: 'La base restaurée ne contient aucune table.',
  fileMissing:
    'Le fichier de la sauvegarde est introuvable (copie locale absente, pas de copie S3).',
  localCopyMismatch: 'La copie locale relue ne correspond pas à la sauvegarde.',
  s3CopyMismatch: 'somme de contrôle relue différente de celle de la sauvegarde',
  s3UploadFailed: (reason: string) =>
    `Envoi vers le stockage S3 échoué (${reason}) : la copie locale est conservée.`,
  s3ReadFailed: (reason: string) =>
    `Relecture de la sauvegarde dans le stockage S3 impossible (${reason}).`,
} as const;

export const backupServerTexts = {
  /** Where a local copy is, as the backup list shows it (not the server's path). */
  localCopyPlace: 'serveur de la plateforme',
  restoredEvent: 'Sauvegarde restaurée : démarrage de l’application',
} as const;

/**
 * The words of the backups card and the restore dialog for what they back up: an application
 * (data and files) or a database of an environment (its data only, issue 25).
 */
export const backupSubjectTexts = {
  application: {
    self: (name: string) => `Cette application (${name})`,
    newTarget: 'Dans une nouvelle application',
    newName: 'Nom de la nouvelle application',
    defaultNewName: (name: string) => `${name} (copie)`,
    newNameMax: 100,
    newExplained: (when: string) =>
      `Une application du même modèle et des mêmes ressources sera créée (le quota de son projet s'applique). Elle restera arrêtée pendant que les données et les fichiers de la sauvegarde${when} y seront chargés, puis démarrera : elle ne sera jamais en ligne sans ses données.`,
    replaced: (when: string) =>
      ` sera arrêtée, ses données et ses fichiers remplacés par ceux de la sauvegarde${when}, puis elle redémarrera.`,
    what: "L'application ",
    lost: 'Les données actuelles de cette application seront perdues.',
    testCount: (n: number | null) => `${n ?? 0} tables`,
  },
  database: {
    self: (name: string) => `Cette base de données (${name})`,
    newTarget: 'Dans une nouvelle base de données',
    newName: 'Nom de la nouvelle base de données',
    defaultNewName: (name: string) => `${name.slice(0, 33)}-copie`,
    newNameMax: 40,
    newExplained: (when: string) =>
      `Une base de données du même moteur, de la même version et des mêmes ressources sera créée (le quota de son projet s'applique), avec ses propres mots de passe ; la sauvegarde${when} y sera chargée dès qu'elle répondra.`,
    replaced: (when: string) =>
      ` verra son contenu remplacé par celui de la sauvegarde${when} (Redis est arrêté le temps du chargement, puis redémarre).`,
    what: 'La base de données ',
    lost: 'Les données actuelles de cette base seront perdues.',
    testCount: (n: number | null) => `${n ?? 0} tables ou clés`,
  },
} as const;

export type BackupSubject = keyof typeof backupSubjectTexts;
