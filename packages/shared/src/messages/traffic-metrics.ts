/**
 * Every French text of the traffic metrics (issue 28 item 2): the notices the reading stores
 * and the application page's traffic card.
 */
export const trafficNotices = {
  /** Kubernetes without INGRESS_METRICS_URL: nothing tells the platform where to read. */
  ingressMetricsUrlMissing:
    'Trafic non mesuré : indiquez à la plateforme l’adresse des métriques Prometheus d’ingress-nginx (réglage INGRESS_METRICS_URL, voir docs/configuration.md).',
  ingressMetricsUnreachable:
    'Trafic non mesuré pour le moment : les métriques Prometheus d’ingress-nginx ne répondent pas.',
  edgeUnavailable:
    'Trafic non mesuré pour le moment : le journal des requêtes du proxy d’entrée est illisible.',
} as const;

export const trafficTexts = {
  cardTitle: 'Trafic',
  empty: 'Aucune requête reçue sur cette période.',
  loading: 'Chargement du trafic…',
  unavailable: 'Trafic indisponible pour le moment.',
  simulated: 'simulé',
  simulatedNotice: 'Simulation : ce trafic est calculé, il ne mesure aucune requête réelle.',
  requestsTitle: 'Requêtes par minute',
  requestsUnit: 'req/min',
  statusTitle: 'Réponses par classe de statut',
  statusUnit: 'réponses',
  latencyTitle: 'Temps de réponse',
  latencyUnit: 'ms',
  p50: 'médiane (p50)',
  p95: 'p95',
  total: 'total',
  /** What a screen reader hears of each chart. */
  requestsSummary: (peak: number, total: number) =>
    `Requêtes : jusqu’à ${peak} par minute, ${total} sur la période`,
  statusSummary: (c2: number, c3: number, c4: number, c5: number) =>
    `Réponses sur la période : ${c2} 2xx, ${c3} 3xx, ${c4} 4xx, ${c5} 5xx`,
  latencySummary: (p50: string, p95: string) =>
    `Temps de réponse : médiane jusqu’à ${p50} ms, p95 jusqu’à ${p95} ms sur la période`,
  source: {
    edge: 'mesuré au proxy d’entrée (Caddy)',
    ingress: 'mesuré par ingress-nginx',
    simulation: 'simulé',
  },
  resolution: {
    raw: () => 'par minute',
    '5m': () => 'par tranche de 5 minutes',
    '1h': () => 'par heure',
  },
} as const;
