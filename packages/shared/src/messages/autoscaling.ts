/**
 * Every French text of automatic scaling (issue 28 item 5): the settings' errors, the events of
 * the application's history, why a scale-up was stopped, and the application page's card.
 */
export const autoscalingTexts = {
  enabledRequired: 'Indiquez si la mise à l’échelle automatique est activée',
  minInvalid: 'Le minimum d’instances doit être un entier entre 1 et 10',
  maxInvalid: 'Le maximum d’instances doit être un entier entre 1 et 10',
  maxBelowMin: 'Le maximum d’instances doit être supérieur ou égal au minimum',
  cpuTargetInvalid: 'La cible CPU doit être un entier entre 10 et 95 %',
  memoryTargetInvalid: 'La cible mémoire doit être un entier entre 10 et 95 %, ou vide',
  saved: 'Réglages de mise à l’échelle automatique enregistrés',
  cardTitle: 'Mise à l’échelle automatique',
  cardDescription:
    'Ajoute ou retire une instance selon la charge, entre le minimum et le maximum, sans jamais dépasser le quota du projet.',
  enabledLabel: 'Activer la mise à l’échelle automatique',
  minLabel: 'Instances minimum',
  maxLabel: 'Instances maximum',
  cpuTargetLabel: 'Cible CPU (% de la limite par instance)',
  memoryTargetLabel: 'Cible mémoire (%, facultatif)',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  saveFailed: 'Les réglages de mise à l’échelle automatique n’ont pas pu être enregistrés',
  unavailable: 'Mise à l’échelle automatique indisponible pour le moment.',
  on: 'Activée',
  off: 'Désactivée',
  simulatedBadge: 'simulé',
  disabled: 'Désactivée : le nombre d’instances ne change que lorsque vous le modifiez.',
  currentState: (current: number, min: number, max: number) =>
    `${current} instance${current > 1 ? 's' : ''} en ce moment (entre ${min} et ${max})`,
  kubernetesState: (current: number, desired: number) =>
    `Kubernetes (HorizontalPodAutoscaler) : ${current} instance${current > 1 ? 's' : ''}, ${desired} souhaitée${desired > 1 ? 's' : ''}`,
  lastDecisions: 'Dernières décisions',
  noDecision: 'Aucune décision pour le moment.',
  simulatedNotice:
    'Simulation : les décisions reposent sur des mesures simulées, rien de réel n’est mesuré.',
  /** An automatic scale, in the application's history. */
  scaled: (from: number, to: number, resource: 'cpu' | 'memory', value: number, target: number) =>
    `Mise à l’échelle automatique : ${from} → ${to} instance${to > 1 ? 's' : ''} (${resource === 'cpu' ? 'CPU' : 'mémoire'} ${value} % pour une cible de ${target} %)`,
  scaledToBounds: (from: number, to: number, min: number, max: number) =>
    `Mise à l’échelle automatique : ${from} → ${to} instance${to > 1 ? 's' : ''} (retour entre ${min} et ${max} instances)`,
  /** Kubernetes: the HPA changed the count it wants, in the last decisions. */
  hpaScaled: (from: number, to: number) =>
    `Kubernetes (HorizontalPodAutoscaler) : ${from} → ${to} instance${to > 1 ? 's' : ''} souhaitée${to > 1 ? 's' : ''}`,
  /** Shown on the application page while the quota stops a scale-up. */
  blockedByQuota: (detail: string) => `Mise à l’échelle bloquée par le quota du projet : ${detail}`,
} as const;

export const autoscalingApiDocs = {
  tag: 'Autoscaling',
  get: {
    summary: 'Réglages et état de la mise à l’échelle automatique d’une application',
    description:
      'Le minimum, le maximum, les cibles, le nombre d’instances actuel, la raison d’un blocage par le quota et les dernières décisions. Tout membre du projet peut les lire.',
  },
  put: {
    summary: 'Régler la mise à l’échelle automatique d’une application',
    description:
      'Développeurs et administrateurs du projet. Docker et simulation : la plateforme ajoute ou retire une instance à la fois selon le CPU moyen mesuré ; Kubernetes : un HorizontalPodAutoscaler (autoscaling/v2). Jamais au-delà du quota du projet.',
  },
} as const;
