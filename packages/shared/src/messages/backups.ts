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
