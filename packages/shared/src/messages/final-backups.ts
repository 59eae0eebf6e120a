/**
 * The final backups of deleted databases (issue 25): kept in their project, listed on the
 * project page, restored into a new database or deleted for good.
 */
export const finalBackupTexts = {
  title: 'Sauvegardes finales des bases supprimées',
  intro:
    'La dernière sauvegarde de chaque base de données supprimée reste dans le projet (et dans sa destination S3) : restaurez-la dans une nouvelle base, ou supprimez-la quand vous n’en avez plus besoin. Elle compte dans le stockage du projet tant qu’elle est conservée.',
  empty: 'Aucune sauvegarde finale conservée.',
  notFound: 'Sauvegarde finale non trouvée',
  deletedOn: (date: string) => `Base supprimée le ${date}`,
  wasIn: (environment: string) => `Environnement d’origine : ${environment}`,
  restore: 'Restaurer dans une nouvelle base',
  restoreTitle: 'Restaurer la sauvegarde finale',
  restoreHelp: (engine: string, version: string) =>
    `Une nouvelle base ${engine} ${version} est créée avec les ressources de l’ancienne, puis la sauvegarde y est chargée. Elle reçoit un nouveau mot de passe.`,
  environment: 'Environnement',
  name: 'Nom de la nouvelle base',
  restoreSubmit: 'Restaurer',
  restoreStarted: 'Restauration lancée dans une nouvelle base',
  remove: 'Supprimer',
  removeTitle: 'Supprimer la sauvegarde finale',
  removeConfirm: (nom: string) =>
    `La sauvegarde finale de « ${nom} » sera effacée du serveur et de la destination S3. Cette action est irréversible.`,
  removed: 'Sauvegarde finale supprimée',
  removeFailed: (reason: string) =>
    `La sauvegarde finale n’a pas pu être effacée : ${reason}. Réessayez plus tard.`,
  restoreRunning:
    'Une restauration de cette sauvegarde est en cours : attendez qu’elle se termine.',
} as const;
