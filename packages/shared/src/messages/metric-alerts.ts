/**
 * Every French text of metric alerts (issue 28 item 6): the rules' form and errors, the
 * application's « Alertes » card and the API's documentation. What an alert says on a channel
 * is in `messages/notifications.ts` (`metricAlert`, `metricRecovered`).
 */
type MetricAlertKind = 'cpu' | 'memory' | 'restarts' | 'errors5xx' | 'disk';

export const metricAlertKindLabels: Record<MetricAlertKind, string> = {
  cpu: 'CPU',
  memory: 'Mémoire',
  restarts: 'Redémarrages',
  errors5xx: 'Erreurs 5xx',
  disk: 'Disque des volumes',
};

/**
 * A 5xx rate is judged on at least this many requests in the window: one failed request out of
 * two is no outage (the evaluation, apps/api/src/modules/metric-alerts/evaluate.ts, says so too).
 */
export const ERRORS_5XX_MIN_REQUESTS = 20;

/** How a notification names the measure (« CPU de « boutique » », « Mémoire de … »). */
export const metricAlertMeasureNames: Record<MetricAlertKind, string> = {
  cpu: 'CPU',
  memory: 'mémoire',
  restarts: 'redémarrages',
  errors5xx: 'erreurs 5xx',
  disk: 'disque',
};

/** « CPU au-dessus de 90 % pendant 10 min », « plus de 3 redémarrages en 5 min ». */
export function describeMetricAlertRule(r: {
  type: MetricAlertKind;
  seuil: number;
  minutes: number;
}) {
  if (r.type === 'restarts') return `Plus de ${r.seuil} redémarrage(s) en ${r.minutes} min`;
  if (r.type === 'errors5xx')
    return `Erreurs 5xx au-dessus de ${r.seuil} % des requêtes pendant ${r.minutes} min`;
  if (r.type === 'disk')
    return `Un volume rempli au-delà de ${r.seuil} % de sa taille pendant ${r.minutes} min`;
  return `${metricAlertKindLabels[r.type]} au-dessus de ${r.seuil} % de la limite pendant ${r.minutes} min`;
}

export const metricAlertTexts = {
  kindInvalid:
    'Choisissez la mesure surveillée : CPU, mémoire, redémarrages, erreurs 5xx ou disque des volumes',
  percentInvalid: 'Le seuil doit être un pourcentage entier entre 1 et 100',
  countInvalid: 'Le nombre de redémarrages doit être un entier entre 1 et 1000',
  minutesInvalid: 'La durée doit être un nombre entier de minutes entre 1 et 120',
  activeInvalid: 'Indiquez si la règle est active',
  duplicate: 'Cette application a déjà une règle pour cette mesure : modifiez-la plutôt',
  notFound: "Règle d'alerte introuvable",
  cardTitle: 'Alertes',
  cardIntro:
    'Prévenez l’équipe par ses canaux de notification quand l’application reste trop chargée. Un message au début de l’incident, un autre quand il se termine.',
  noRule: 'Aucune règle d’alerte. Ajoutez les réglages proposés ou la vôtre.',
  addDefaults: 'Ajouter les alertes conseillées',
  defaultsHint:
    'CPU et mémoire au-dessus de 90 % de la limite pendant 10 minutes, un volume rempli au-delà de 90 % de sa taille.',
  add: 'Ajouter une règle',
  edit: 'Modifier',
  delete: 'Supprimer',
  save: 'Enregistrer',
  cancel: 'Annuler',
  kind: 'Mesure',
  threshold: 'Seuil (% de la limite)',
  thresholdCount: 'Redémarrages (plus de)',
  thresholdErrors: 'Seuil (% des requêtes)',
  thresholdDisk: 'Seuil (% de la taille du volume)',
  /** Under the form when the measure is the disk: how it is measured. */
  diskHint:
    'Le volume le plus rempli de l’application (fichiers ou base de données), mesuré toutes les quelques minutes.',
  /** Under the form when the measure is the 5xx rate: what it needs to be measured. */
  errorsHint: `Part des réponses 5xx parmi les requêtes servies par le proxy d’entrée, sur au moins ${ERRORS_5XX_MIN_REQUESTS} requêtes dans la fenêtre.`,
  minutes: 'Pendant (minutes)',
  minutesRestarts: 'En (minutes)',
  active: 'Active',
  inactive: 'Désactivée',
  saved: 'Règle d’alerte enregistrée',
  deleted: 'Règle d’alerte supprimée',
  confirmDelete: 'Supprimer cette règle d’alerte ?',
  openIncidents: 'Alertes en cours',
  recentIncidents: 'Dernières alertes',
  noIncident: 'Aucune alerte sur les 30 derniers jours.',
  ongoing: 'en cours',
  endedBadge: 'terminée',
  /** What the window measured when the alert opened. */
  incidentValue: (type: MetricAlertKind, value: number) =>
    type === 'restarts'
      ? `${value} redémarrage(s)`
      : type === 'errors5xx'
        ? `${value} % d’erreurs 5xx`
        : type === 'disk'
          ? `volume rempli à ${value} %`
          : `moyenne ${value} %`,
  since: (when: string) => `depuis ${when}`,
  ended: (from: string, to: string) => `du ${from} au ${to}`,
  readOnly: 'Seuls les développeurs et administrateurs du projet modifient les alertes.',
  channelsHint:
    'Les alertes partent par les canaux du projet qui ont choisi « Alerte de métrique » (page Notifications).',
  loadError: 'Alertes indisponibles pour le moment.',
  saveError: 'La règle d’alerte n’a pas pu être enregistrée',
  deleteError: 'La règle d’alerte n’a pas pu être supprimée',
  deleteBody: 'Une alerte en cours de cette règle se terminera sans message.',
  deleting: 'Suppression...',
  saving: 'Enregistrement...',
  formTitleNew: 'Nouvelle règle d’alerte',
  formTitleEdit: 'Modifier la règle d’alerte',
  restartsUnavailable:
    'Ce runtime ne compte pas les redémarrages (Kubernetes) : cette règle ne se déclenchera pas.',
} as const;

export const metricAlertApiDocs = {
  tag: 'Alertes de métriques',
  list: {
    summary: "Règles d'alerte et alertes d'une application",
    description:
      "Les règles d'alerte de l'application (CPU ou mémoire au-dessus d'un pourcentage de la limite pendant N minutes, redémarrages, erreurs 5xx, volume rempli au-delà d'un pourcentage de sa taille) et ses alertes des 30 derniers jours. Lisible par tous les membres et les jetons en lecture seule.",
  },
  create: {
    summary: "Ajouter une règle d'alerte",
    description:
      'Une règle par mesure et par application. Réservé aux développeurs et administrateurs du projet.',
  },
  update: {
    summary: "Modifier une règle d'alerte",
    description: 'Réservé aux développeurs et administrateurs du projet.',
  },
  remove: {
    summary: "Supprimer une règle d'alerte",
    description:
      'Une alerte en cours de cette règle se termine sans message. Réservé aux développeurs et administrateurs du projet.',
  },
} as const;
