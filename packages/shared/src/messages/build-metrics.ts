/**
 * The French texts of a build's resource graph (issue 28 item 1, builds): the notices the
 * sampling stores on the build, and the build entry's graph on the application page.
 */
import { metricsHistoryNotices } from './metrics-history';

export const buildMetricsNotices = {
  /** Kubernetes without metrics-server: the applications' graphs' own sentence. */
  metricsServerMissing: metricsHistoryNotices.metricsServerMissing,
  /** Docker/Podman: the platform's process does not see the host's processes. */
  hostHidden:
    'Mesures du build indisponibles : la plateforme ne voit pas les processus de l’hôte (son conteneur est lancé sans --pid=host).',
  /** A build whose steps were never seen running (too short, or invisible to the platform). */
  noSample:
    'Aucune mesure : le build a duré moins d’une période de mesure, ou ses étapes ne sont pas visibles de la plateforme.',
  runtimeUnavailable: 'Mesures du build indisponibles : l’environnement d’exécution ne répond pas.',
} as const;

export const buildMetricsTexts = {
  title: 'Ressources du build',
  cpuTitle: 'Processeur',
  ramTitle: 'Mémoire',
  cpuUnit: 'millicœurs',
  ramUnit: 'Mo',
  used: 'utilisé',
  limit: 'limite des builds',
  simulated: 'simulé',
  simulatedNotice: 'Simulation : ces courbes sont calculées, elles ne mesurent rien de réel.',
  loading: 'Chargement des mesures du build…',
  unavailable: 'Mesures du build indisponibles pour le moment.',
  waiting: 'Pas encore de mesure : la première arrive quelques secondes après le début du build.',
  /** A finished build without samples nor notice: stopped before building, or older than the sampling. */
  notRun:
    'Aucune mesure pour ce build : il s’est arrêté avant de construire, ou date d’avant la mesure des builds.',
  /** « Pic : 850 millicœurs · 412 Mo » */
  peaks: (cpu: string, ram: string) => `Pic : ${cpu} millicœurs · ${ram} Mo`,
  every: (seconds: number) => `une mesure toutes les ${seconds} s pendant le build`,
  summary: (title: string, peak: number, limit: number) =>
    `${title} du build : pic de ${peak}, limite ${limit}`,
} as const;
