/**
 * Texts of the operations screens (dashboard, status, deployment detail, project applications,
 * built images): SPEC §2 and §8 verbatim first, then the screens' own wording.
 */
export const operationsErrors = {
  /** SPEC §8 "Loads". */
  dashboardLoad: 'Erreur lors du chargement du dashboard',
  dataLoad: 'Erreur lors du chargement des données',
  load: 'Erreur lors du chargement',
  /** SPEC §8 "Usage card load" (after the server's detail). */
  costsLoad: 'Erreur lors du chargement des coûts',
  /** SPEC §8 "Status load". */
  statusUnavailable: 'Status indisponible',
  deploymentUpdate: 'Erreur lors de la modification de l’application',
  deploymentScale: 'Erreur lors de la mise à l’échelle',
  deploymentRestart: 'Erreur lors du redémarrage',
  deploymentDelete: 'Erreur lors de la suppression de l’application',
  logsLoad: 'Erreur lors du chargement des journaux',
  buildsLoad: 'Erreur lors du chargement des images',
  copyFailed: "Impossible de copier l'URL de l'image",
} as const;

export const operationsSuccess = {
  /** SPEC §8. */
  dashboardRefreshed: 'Dashboard actualisé',
  statusRefreshed: 'Status actualisé',
  deploymentUpdated: 'Application modifiée avec succès !',
  scaled: (replicas: number) =>
    `Mise à l'échelle demandée : ${replicas} instance${replicas > 1 ? 's' : ''}`,
  restarted: 'Redémarrage demandé',
  deleted: "Suppression de l'application en cours",
  imageUrlCopied: "URL de l'image copiée",
} as const;

export const operationsTexts = {
  /** SPEC §2 "Deployment detail". */
  urlPending: 'URL en cours de génération...',
  /** SPEC §2 "Dashboard" usage card. */
  noData: 'Aucune donnée disponible',
  costDetailsTitle: 'Détail des coûts par projet',
  seeDetails: 'Voir les détails',
  platformFee: 'Frais de plateforme',
  fullDashboard: 'Dashboard Complet',
  noPreviousMonth: 'Pas encore de mois précédent pour comparer',
  retry: 'Réessayer',
  copyImageUrl: "Copier l'URL de l'image",
} as const;

/** Events the engine writes in an application's history (its page lists them). */
export const operationsEvents = {
  /** A restart whose new replica never became ready: the one it would replace still serves. */
  restartNotReady: (reason: string) =>
    `Redémarrage non effectué : la nouvelle instance n’a pas démarré (${reason}) ; l’instance en place reste en ligne.`,
} as const;
