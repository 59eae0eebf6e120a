/**
 * « Mettre à jour » of a catalogue application (issue 30 item 4): the API's refusals, the
 * events of the application's history, and the application page's texts.
 */
export const appUpdateErrorTexts = {
  noUpdate: 'Aucune mise à jour n’est disponible pour cette application.',
  busy: 'L’application est en cours de déploiement, de restauration ou de suppression : la mise à jour pourra commencer quand elle sera en ligne.',
  updateRunning: 'Une mise à jour de cette application est déjà en cours.',
  backupRunning:
    'Une sauvegarde de cette application est en cours : la mise à jour pourra commencer quand elle sera terminée.',
  needsBackupDestination: (why: string) =>
    `La mise à jour commence par une sauvegarde, impossible pour l’instant : ${why}`,
} as const;

export const appUpdateEventTexts = {
  requested: (from: string, to: string) =>
    `Mise à jour de ${from} vers ${to} demandée : sauvegarde avant de changer de version.`,
  backupFailed: (to: string, reason: string) =>
    `Mise à jour vers ${to} annulée : la sauvegarde préalable a échoué (${reason}). L’application n’a pas changé.`,
  changedMeanwhile:
    'Mise à jour annulée : l’application a changé (ou est en suppression) pendant la sauvegarde.',
  rolling: (from: string, to: string) =>
    `Sauvegarde terminée : passage de ${from} à ${to}, l’ancienne version sert jusqu’à ce que la nouvelle réponde.`,
  succeeded: (from: string, to: string) =>
    `Mise à jour terminée : la version ${to} est en ligne (avant : ${from}).`,
  rolledBack: (from: string, to: string, reason: string) =>
    `La version ${to} n’a pas démarré correctement (${reason}) : retour automatique à la version ${from}, qui reste en ligne.`,
} as const;

export const appUpdateTexts = {
  started: 'Mise à jour lancée : sauvegarde en cours avant de changer de version.',
  cardTitle: 'Mise à jour',
  available: (from: string, to: string) => `Mise à jour disponible : ${from} → ${to}`,
  notesLabel: 'Nouveautés',
  button: 'Mettre à jour',
  dialogTitle: (name: string) => `Mettre à jour ${name} ?`,
  dialogBackup:
    'Une sauvegarde complète (base de données et fichiers) est faite d’abord : si elle échoue, rien ne change.',
  dialogRollback: (from: string) =>
    `La nouvelle version démarre ensuite à côté de l’actuelle. Si elle ne répond pas correctement, l’application revient d’elle-même à la version ${from}.`,
  confirm: 'Sauvegarder puis mettre à jour',
  cancel: 'Annuler',
  upToDate: (tag: string) => `Version ${tag} : à jour.`,
  status: {
    backing_up: 'Sauvegarde en cours avant la mise à jour…',
    rolling_out: (to: string) => `Démarrage de la version ${to}…`,
    succeeded: (to: string) => `Mise à jour terminée : la version ${to} est en ligne.`,
    failed: 'Mise à jour annulée : la sauvegarde préalable a échoué, l’application n’a pas changé.',
    rolled_back: (from: string, to: string) =>
      `La version ${to} n’a pas démarré : l’application est revenue à la version ${from}.`,
  },
  reason: 'Raison',
  lastUpdate: 'Dernière mise à jour',
} as const;
