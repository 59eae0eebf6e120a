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
} as const;

export const metricsHistoryTexts = {
  rangeInvalid: 'La période doit être 1h, 24h, 7d ou 30d',
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
