/** Every French text of scheduled tasks and one-off commands (issue 29). */

/** The cron parser's errors and the preview's wording (cron.ts, cron-preview.ts). */
export const cronTexts = {
  fieldNames: ['minute', 'heure', 'jour du mois', 'mois', 'jour de la semaine'] as const,
  fieldCount:
    'La planification doit avoir 5 champs séparés par des espaces : minute, heure, jour du mois, mois et jour de la semaine (par exemple « 0 2 * * * » pour tous les jours à 02:00).',
  badValue: (value: string, field: string) =>
    `Valeur « ${value} » invalide pour le champ ${field} de la planification.`,
  outOfRange: (value: string, rule: { name: string; min: number; max: number }) =>
    `La valeur « ${value} » du champ ${rule.name} doit être comprise entre ${rule.min} et ${rule.max}.`,
  badStep: (value: string, field: string) =>
    `Le pas de « ${value} » (champ ${field}) doit être un nombre entier supérieur à 0.`,
  badRange: (value: string, field: string) =>
    `L'intervalle « ${value} » (champ ${field}) doit aller du plus petit au plus grand.`,
  neverRuns:
    "Cette planification ne s'exécute jamais : ce jour n'existe dans aucun des mois choisis.",
  inTimeZone: (text: string, timeZone: string) => `${text} (fuseau ${timeZone})`,
} as const;

export const taskTexts = {
  nameRequired: 'Le nom de la tâche est requis',
  nameTooLong: 'Le nom de la tâche ne peut pas dépasser 100 caractères',
  commandRequired: 'La commande est requise',
  commandTooLong: 'La commande ne peut pas dépasser 4000 caractères',
  scheduleRequired: 'La planification est requise',
  timeZoneInvalid: (zone: string) =>
    `Fuseau horaire inconnu : « ${zone} ». Utilisez un nom comme « Africa/Abidjan » ou « Europe/Paris ».`,
  timeoutInvalid:
    'Le délai maximal doit être compris entre 10 secondes et 24 heures (86400 secondes)',
  notFound: 'Tâche planifiée non trouvée',
  runNotFound: 'Exécution non trouvée',
  deleted: 'Tâche planifiée supprimée',
  runStarted: 'Exécution lancée',
  applicationNotReady:
    "L'application n'est pas encore déployée : une tâche ne peut s'exécuter qu'une fois l'application en service.",
  applicationDeleting:
    "L'application est en cours de suppression : aucune tâche ne peut s'exécuter.",
  tooManyRuns: (max: number) =>
    `Ce projet a déjà ${max} exécution(s) en cours, le maximum autorisé en même temps. Attendez la fin de l'une d'elles ou arrêtez-la.`,
  previousStillRunning:
    'Exécution ignorée : la précédente tourne encore (politique « ignorer si la précédente tourne encore »).',
  skippedTooMany: (max: number) =>
    `Exécution ignorée : le projet avait déjà ${max} exécution(s) en cours, le maximum autorisé.`,
  skippedQuota: (detail: string) => `Exécution ignorée : ${detail}`,
  quotaRefused: (resources: string) =>
    `Les ressources restantes du quota du projet ne suffisent pas pour cette exécution (${resources}). Attendez la fin d'une autre exécution, réduisez l'application ou augmentez le quota du projet.`,
  timedOut: (seconds: number) =>
    `Arrêtée : l'exécution a dépassé son délai maximal de ${seconds} seconde(s).`,
  exitedWith: (code: number) => `La commande s'est terminée avec le code ${code}.`,
  interrupted: "Interrompue : le processus de la plateforme qui menait l'exécution s'est arrêté.",
  runtimeFailed: (reason: string) => `L'exécution n'a pas pu démarrer : ${reason}`,
  unexpected:
    "L'exécution n'a pas pu démarrer à cause d'une erreur inattendue. Réessayez ; si le problème persiste, contactez l'administrateur de la plateforme.",
  runtimeUnavailable:
    "L'exécution n'a pas pu démarrer : le moteur de conteneurs ne répond pas. Réessayez dans quelques minutes.",
  noShell:
    "L'image de l'application n'a pas de shell (/bin/sh) : une commande ne peut pas y être lancée.",
  stopped: 'Arrêtée à la demande.',
  nothingToStop: "Cette exécution est déjà terminée : il n'y a rien à arrêter.",
  simulated:
    "Simulation : aucune commande n'est réellement exécutée sur ce runtime (mode démonstration).",
  simulatedLine: (command: string) => `[simulation] $ ${command}`,
  simulatedDone: '[simulation] terminé (code 0) — rien ne tourne réellement.',
  logPruned: 'Journal supprimé (conservé 30 jours).',
  /** What the Kubernetes quota refusal names (« L’exécution ne peut pas démarrer : … »). */
  jobLabel: 'L’exécution',
  /** A CronJob's run (Kubernetes) whose pod was never created nor started before its end. */
  podNeverStarted:
    "L'exécution n'a jamais démarré : le cluster n'a pas créé son conteneur avant la fin de son délai (quota de l'espace de noms plein, image introuvable ou nœud indisponible).",
} as const;

/** Labels of the web page and the API's enumerations. */
export const taskLabels = {
  section: 'Tâches planifiées',
  runCommand: 'Exécuter une commande',
  runNow: 'Exécuter maintenant',
  statut: {
    running: 'En cours',
    success: 'Réussie',
    failed: 'Échouée',
    timeout: 'Délai dépassé',
    skipped: 'Ignorée',
  },
  declencheur: {
    schedule: 'Planifiée',
    manual: 'Manuelle',
    command: 'Commande',
  },
  politique: {
    ignorer: 'Ignorer si la précédente tourne encore',
    autoriser: 'Autoriser plusieurs exécutions en même temps',
  },
} as const;

/** The OpenAPI page's texts of the task routes (/api/v1/docs). */
export const taskApiDocs = {
  tag: 'Tâches planifiées',
  list: "Tâches planifiées de l'application et ses dernières exécutions",
  create: 'Crée une tâche planifiée (planification cron à 5 champs, fuseau horaire)',
  update: 'Modifie, active ou désactive une tâche planifiée',
  remove: 'Supprime une tâche planifiée et son historique',
  runNow: 'Exécute la tâche maintenant',
  command: "Exécute une commande une fois dans un conteneur neuf de l'image de l'application",
  commandDescription:
    'Sa sortie se lit en direct sur GET /deployments/{id}/task-runs/{runId}/logs (Server-Sent Events).',
  log: "Journal d'une exécution",
  logDescription:
    'Avec « Accept: text/event-stream » : le journal en direct (événements log, status et end, reprise par Last-Event-ID) ; sinon le journal complet en JSON.',
  stop: 'Arrête une exécution en cours',
} as const;
