/**
 * Why the runtime could not back up, restore or test-restore an application (kept on the
 * backup and shown in its list). The `what` texts begin the sentences of `taskFailed`.
 */
export const runtimeBackupTexts = {
  database: 'La base de données',
  backup: 'La sauvegarde',
  restore: 'La restauration',
  testRestore: 'La restauration de test',
  mariadbLoad: 'Le chargement de la sauvegarde MariaDB',
  notRunning: (what: string) => `${what} ne tourne pas : démarrez l'application, puis recommencez.`,
  applicationContainerMissing: "Le conteneur de l'application est introuvable.",
  filesDumpFailed: (exit: number | null) =>
    `Vidage des fichiers de l'application impossible (code ${exit}).`,
  filesReadFailed: (request: string, detail: string) =>
    `Lecture des fichiers de l'application impossible (${request}) : ${detail}`,
  countingTables: 'Le comptage des tables',
  redisLoad: 'Le chargement de l’instantané Redis',
  redisCount: 'Le comptage des clés Redis',
  databaseStoppedForBackup:
    'La base de données est arrêtée : démarrez-la, puis recommencez (une base arrêtée ne se sauvegarde ni ne se restaure).',
  databaseStillRunning:
    "Le serveur Redis ne s'est pas arrêté à temps : la restauration n'a rien modifié, il redémarre.",
  keysWithoutCount:
    "Le chargement de l'instantané Redis s'est terminé sans indiquer le nombre de clés.",
  testDatabaseStopped: 'La base de test s’est arrêtée avant de répondre.',
  testDatabaseSilent: 'La base de test ne répond pas.',
  backupWithoutChecksum:
    "La tâche de sauvegarde s'est terminée sans indiquer la somme de contrôle de l'archive.",
  testRestoreWithoutCount:
    "La restauration de test s'est terminée sans indiquer le nombre de tables.",
  jobFailed: (what: string, job: string, reason: string | undefined, detail: string) =>
    `${what} (tâche Kubernetes ${job}) a échoué : ${reason ?? 'raison inconnue'}${detail ? ` — ${detail}` : ''}`,
  jobTimedOut: (what: string, job: string) =>
    `${what} (tâche Kubernetes ${job}) ne s'est pas terminée à temps.`,
} as const;
