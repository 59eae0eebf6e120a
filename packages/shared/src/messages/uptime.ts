/**
 * Every French text of uptime checks and status pages (issue 28 item 3): why a check failed,
 * the settings form and its errors, the application's « Disponibilité » card and the public
 * status page.
 */
export const uptimeReasons = {
  timeout: 'délai dépassé',
  refused: 'connexion refusée',
  reset: 'connexion interrompue',
  unknownHost: 'nom introuvable',
  tls: 'certificat TLS invalide',
  network: 'erreur réseau',
  noAddress: "l'application n'a pas encore d'adresse",
  httpStatus: (code: number) => `code HTTP ${code}`,
  /** The simulation runtime's checks: what its simulated status says, nothing measured. */
  simulatedDown: 'application arrêtée (simulation)',
} as const;

export const uptimeTexts = {
  pathInvalid:
    'Le chemin vérifié doit commencer par « / » (par ex. /sante), sans espace, 200 caractères au plus',
  expectedStatusInvalid: 'Le code HTTP attendu doit être compris entre 100 et 599',
  timeoutInvalid: 'Le délai doit être compris entre 1 et 30 secondes',
  statusPageActiveRequired: 'Indiquez si la page de statut est activée',
  settingsSaved: 'Réglages de la vérification enregistrés',
  statusPageEnabled: 'Page de statut publique activée',
  statusPageDisabled: 'Page de statut publique désactivée',
  statusPageNotFound: 'Page de statut introuvable',
  statusPageGone: 'Cette adresse ne correspond à aucune page de statut active.',
  anyGoodStatus: '2xx ou 3xx',
  cardTitle: 'Disponibilité',
  noData:
    'Aucune vérification pour le moment : la première a lieu dans la minute qui suit la mise en ligne.',
  simulatedNotice:
    'Simulation : ces vérifications ne mesurent rien de réel, elles reprennent l’état simulé de l’application.',
  noIncident: 'Aucun incident sur les 30 derniers jours.',
  ongoing: 'en cours',
  states: {
    up: 'Opérationnelle',
    down: 'Incident en cours',
    unknown: 'Pas encore vérifiée',
  },
  publicTitle: (project: string) => `Statut des services — ${project}`,
  publicAllUp: 'Tous les services sont opérationnels',
  publicSomeDown: 'Un ou plusieurs services rencontrent un incident',
  publicNoApps: 'Aucune application publiée pour le moment.',
  publicDays: '90 derniers jours',
  publicFooter: (every: string) =>
    `Page de statut publiée avec NuageDeploy. Vérification ${every}.`,
  /** The moment the page was generated (already formatted, UTC). */
  publicUpdated: (when: string) => `Mis à jour le ${when} (UTC).`,
  /** How often the checks run: « toutes les minutes », « toutes les 2 s ». */
  every: (seconds: number) =>
    seconds === 60
      ? 'toutes les minutes'
      : seconds % 60 === 0
        ? `toutes les ${seconds / 60} minutes`
        : `toutes les ${seconds} s`,
  cardDescription: (every: string) => `30 derniers jours, vérification ${every}`,
  publicShare: (percent: string) => `${percent} de disponibilité`,
  publicSimulated:
    'Simulation : rien de réel n’est déployé, ces barres reprennent l’état simulé des applications.',
  dayNoData: 'pas de données',
} as const;

/** The OpenAPI page's texts of the uptime routes (/api/v1/docs). */
export const uptimeApiDocs = {
  tag: 'Disponibilité',
  uptime: {
    summary: "Disponibilité d'une application",
    description:
      'Les 30 derniers jours : pourcentage, barres quotidiennes (jours UTC), incidents avec leur raison, dernière vérification et réglages. `simule` : runtime de simulation, rien de réel n’est mesuré.',
  },
  settings: {
    summary: 'Régler la vérification de disponibilité',
    description:
      'Développeurs et administrateurs : chemin demandé, code HTTP attendu (null : 2xx ou 3xx), délai de 1 à 30 secondes. Appliqué dès la vérification suivante.',
  },
  statusPage: {
    summary: 'Page de statut publique du projet',
    description: 'Activée ou non, et son adresse (sans connexion).',
  },
  setStatusPage: {
    summary: 'Activer ou désactiver la page de statut publique',
    description:
      'Administrateurs du projet. L’adresse contient un jeton aléatoire de 128 bits ; désactiver la retire pour de bon, une nouvelle activation en donne une autre.',
  },
  publicStatus: {
    summary: "Page de statut publique d'un projet",
    description:
      'Sans connexion : nom du projet, puis par application son nom, son environnement, son état et 90 barres quotidiennes. Aucune adresse, aucun identifiant, aucun e-mail. La même page en HTML : `/statut/{token}`.',
  },
} as const;
