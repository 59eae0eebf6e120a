/**
 * Every French text of the resource metrics over time (issue 28 items 1 and 4): the notices the
 * sampling stores, the history route's errors and the application page's graphs.
 */
export const metricsHistoryNotices = {
  /** Kubernetes without metrics-server: the cluster answers but has no usage to give. */
  metricsServerMissing:
    'Mesures indisponibles : le cluster Kubernetes n’a pas de metrics-server (metrics.k8s.io). Demandez à l’administrateur de la plateforme de l’installer.',
  runtimeUnavailable:
    'Mesures indisponibles pour le moment : l’environnement d’exécution ne répond pas.',
  /** Kubernetes: the platform's account may not read the kubelets' stats (nodes/proxy). */
  diskStatsForbidden:
    'Espace disque des volumes non mesuré : les droits de la plateforme dans le cluster ne lui permettent pas de lire les statistiques des volumes (nodes/proxy). Demandez à l’administrateur de la plateforme d’appliquer deploy/kubernetes/volume-stats.yaml.',
  diskStatsUnavailable:
    'Espace disque des volumes non mesuré pour le moment : les kubelets des nœuds ne répondent pas.',
} as const;

export const metricsHistoryTexts = {
  rangeInvalid: 'La période doit être 1h, 24h, 7d ou 30d',
  /** GET …/metrics/history?service=: a name the application has no service of. */
  serviceUnknown: 'Cette application n’a pas de service de ce nom.',
  serviceInvalid: 'Le nom du service est invalide.',
  /** The Compose application's service picker above the graphs. */
  serviceLabel: 'Service affiché',
  allServices: 'Tous les services',
  /** A service's graphs have no disk: its volumes are measured with the whole application's. */
  diskWholeApplication:
    'L’espace disque des volumes est mesuré pour l’application entière : choisissez « Tous les services » pour le voir.',
  cardTitle: 'Historique des ressources',
  ranges: { '1h': '1 h', '24h': '24 h', '7d': '7 j', '30d': '30 j' },
  rangeLabel: 'Période affichée',
  empty:
    'Aucune mesure pour le moment : la première est prise dans la minute qui suit la mise en ligne.',
  loading: 'Chargement des graphiques…',
  simulated: 'simulé',
  simulatedNotice: 'Simulation : ces courbes sont calculées, elles ne mesurent rien de réel.',
  unavailable: 'Historique indisponible pour le moment.',
  cpuTitle: 'Processeur',
  ramTitle: 'Mémoire',
  networkTitle: 'Réseau',
  diskTitle: 'Disque des volumes',
  diskUnit: 'Mo',
  /** Under the disk chart: how often it is measured, and the fullest volume. */
  diskFullest: (percent: number) => `volume le plus rempli : ${percent} % de sa taille`,
  diskNotMeasured: 'Pas encore de mesure de l’espace disque (mesuré toutes les quelques minutes).',
  cpuUnit: 'millicœurs',
  ramUnit: 'Mo',
  networkUnit: 'Ko/s',
  /** What a screen reader hears of a chart. */
  summary: (title: string, peak: number, limit: number) =>
    `${title} : pic de ${peak} sur la période, limite ${limit}`,
  networkSummary: (received: string, sent: string) =>
    `Réseau : jusqu’à ${received} Ko/s reçus et ${sent} Ko/s envoyés sur la période`,
  used: 'utilisé',
  peak: 'pic',
  limit: 'limite',
  received: 'reçu',
  sent: 'envoyé',
  resolution: {
    raw: (seconds: number) => `une mesure toutes les ${seconds} s`,
    '5m': () => 'moyennes sur 5 minutes, avec leur pic',
    '1h': () => 'moyennes horaires, avec leur pic',
  },
} as const;

/** The dashboard's « Ressources utilisées » graphs: every application of the caller's projects. */
export const accountMetricsTexts = {
  cardTitle: 'Ressources utilisées',
  description: (applications: number) =>
    applications === 1
      ? 'Votre application en service, face à ce qu’elle réserve'
      : `Vos ${applications} applications en service ensemble, face à ce qu’elles réservent`,
  empty:
    'Aucune mesure pour le moment : les graphiques se remplissent dès qu’une application est en ligne.',
  reserved: 'réservé',
} as const;
