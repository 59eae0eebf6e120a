/** Texts of a database's version upgrade within its major (issue 25 item 4). */
export const databaseUpgradeTexts = {
  stoppedFirst: 'Cette base de données est arrêtée : démarrez-la avant de la mettre à jour.',
  versionRequired: 'Choisissez la version vers laquelle mettre à jour.',
  sameVersion: (version: string) => `La base de données est déjà en version ${version}.`,
  notOffered: (version: string) => `La version ${version} n’est pas proposée sur cette plateforme.`,
  otherMajor: (current: string, target: string) =>
    `La mise à jour de ${current} vers ${target} change de version majeure : les données ne seraient pas lisibles. Créez une nouvelle base et restaurez-y une sauvegarde.`,
  downgrade: (current: string, target: string) =>
    `La version ${target} est plus ancienne que ${current} : seule une mise à jour vers une version plus récente est possible.`,
  requested: (current: string, target: string) =>
    `Mise à jour demandée : version ${current} → ${target} (les données restent)`,
  started: (target: string) =>
    `Mise à jour vers la version ${target} lancée : la base redémarre sur ses données.`,
  // The database page
  section: 'Version',
  current: (version: string) => `Version ${version}`,
  available: 'Mise à jour disponible :',
  none: 'Aucune mise à jour disponible pour cette version majeure.',
  action: 'Mettre à jour',
  confirmTitle: 'Mettre à jour la base de données',
  confirmBody: (current: string, target: string) =>
    `La base passe de la version ${current} à ${target} : elle redémarre sur les mêmes données, ce qui l’interrompt quelques secondes. Les applications liées se reconnectent d’elles-mêmes.`,
  confirm: 'Mettre à jour',
  target: 'Nouvelle version',
} as const;
