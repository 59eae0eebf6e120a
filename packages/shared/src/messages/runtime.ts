/**
 * Why the runtime (docker or Kubernetes) could not run an application: status reasons and the
 * release gate's `reason`, shown on the application's page. Lower-case ones end a sentence
 * (« La version 3 n’a pas démarré : <reason> »).
 */
export const rolloutFailureTexts = {
  deploymentDeleted: 'son Deployment a été supprimé pendant la mise à jour',
  containerGone: 'le conteneur a disparu',
  notReadyIn: (seconds: number) =>
    `elle n’a pas répondu à son test de disponibilité en ${seconds} s (vérifiez le port d’écoute)`,
  quotaNoRoom:
    'le quota du projet ne laisse pas la place de la démarrer à côté de la version en ligne (augmentez le quota ou réduisez les ressources)',
  imagePull: (reason: string, message?: string) =>
    `son image ne peut pas être téléchargée (${reason}${message ? ` : ${message}` : ''})`,
  crashLoop: (restarts: number, exit?: { code: number | undefined; oomKilled: boolean }) =>
    `le conteneur redémarre en boucle (${restarts} redémarrages${exit ? `, code de sortie ${exit.code}${exit.oomKilled ? ', mémoire épuisée' : ''}` : ''})`,
  exited: (code: number, oomKilled: boolean) =>
    `le conteneur s’est arrêté (code de sortie ${code}${oomKilled ? ', mémoire épuisée' : ''})`,
} as const;

/** What a Kubernetes pod's waiting container says, as an application's status reason. */
export const podFailureTexts = {
  imageUnavailable: (image: string, pod: string, reason: string, detail: string) =>
    `Image introuvable ou inaccessible (${image}) pour ${pod} [${reason}]${detail}`,
  outOfMemory: (container: string, pod: string) =>
    `Le conteneur ${container} de ${pod} dépasse sa mémoire et redémarre en boucle [OOMKilled]`,
  crashLoop: (container: string, pod: string, exitCode: number | undefined) =>
    `Le conteneur ${container} de ${pod} s’arrête et redémarre en boucle [CrashLoopBackOff]` +
    (exitCode !== undefined ? ` (code ${exitCode})` : ''),
  cannotStart: (container: string, pod: string, reason: string, detail: string) =>
    `Le conteneur ${container} de ${pod} ne peut pas démarrer [${reason}]${detail}`,
  /** A backup, restore or setup task refused by the environment's quota. */
  jobOverQuota: (
    what: string,
    need: { cpuMilli: number; ramMb: number },
    room: { cpuMilli: number; ramMb: number },
  ) =>
    `${what} ne peut pas démarrer : sa tâche demande ${need.cpuMilli} m de CPU et ${need.ramMb} Mo de mémoire, ` +
    `mais le quota du projet n’en laisse que ${room.cpuMilli} m de CPU et ${room.ramMb} Mo de mémoire de libres dans cet environnement. ` +
    'Augmentez le quota du projet ou réduisez les ressources d’une application, puis réessayez.',
} as const;

/** What the docker runtime found changed by hand (the history's « Écart corrigé » event). */
export const dockerDriftTexts = {
  containerStopped: (container: string) => `conteneur ${container} arrêté`,
  replicaMissing: (replica: string) => `instance ${replica} absente`,
  databaseMissing: (application: string) => `conteneur ${application}-db (base de données) absent`,
} as const;

/** What the docker runtime's HTTPS proxy answers for an address it cannot serve. */
export const edgeProxyTexts = {
  noApplication: 'Aucune application ne répond à cette adresse.\n',
  unavailable:
    'Application indisponible : aucune instance prête pour le moment. Réessayez dans quelques instants.\n',
} as const;

/** Why the HTTPS proxy could not obtain a host's certificate, as one French sentence. */
export const edgeIssuanceTexts = {
  authorityAnswer: (detail: string) => ` (réponse de l'autorité : « ${detail} »)`,
  unresolved: (host: string) =>
    `le nom ${host} ne se résout pas dans le DNS : créez l'enregistrement A (ou CNAME) qui le fait pointer vers ce serveur`,
  unreachable: (host: string) =>
    `l'autorité de certification n'a pas pu joindre ${host} sur le port 80 : son DNS doit pointer vers ce serveur et les ports 80 et 443 être ouverts depuis Internet`,
  unauthorized: (host: string) =>
    `la réponse au défi HTTP-01 de ${host} était incorrecte : le domaine pointe-t-il vers un autre serveur ?`,
  rateLimited: (host: string) =>
    `l'autorité de certification limite le nombre de demandes pour ${host} : le proxy réessaiera plus tard`,
  refusedName: (host: string) => `l'autorité de certification refuse de certifier ${host}`,
  directoryUnreachable:
    "l'autorité de certification (ACME_DIRECTORY_URL) est injoignable depuis le proxy",
  refused: "l'autorité de certification a refusé la demande",
} as const;

/** The operator's warning when an image without a shell gets its secrets in its environment. */
export const secretsExposedWarning = (image: string, variables: string[]) =>
  `L’image ${image} n’a pas de shell (/bin/sh) : ses variables secrètes ` +
  `(${variables.join(', ')}) sont passées en clair dans l’environnement du ` +
  'conteneur, visibles par quiconque peut inspecter le conteneur.';

/** The runtimes' other refusals and failures, shown as a status reason or in the history. */
export const runtimeErrorTexts = {
  writeFailed: (request: string, detail: string) =>
    `Écriture dans le conteneur impossible (${request}) : ${detail}`,
  commandFailed: (what: string, code: number, detail: string) =>
    `${what} a échoué (code ${code})${detail ? ` : ${detail}` : ''}`,
  guardDown:
    "Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte",
  publicNeedsGuard:
    'Accès public non publié : le garde réseau, qui applique la liste des adresses autorisées, ne fonctionne pas sur cet hôte',
  foreignNamespace: (namespace: string) =>
    `Le namespace ${namespace} n’a pas été créé par NuageDeploy : il n’est pas supprimé.`,
  invalidDeploymentId: (id: string) => `Identifiant de déploiement invalide : ${id}`,
  noKubernetesServer: 'Aucun serveur Kubernetes configuré (kubeconfig sans cluster).',
  kubernetesUnavailable: (status: number, message: string) =>
    `L’API Kubernetes ne répond pas (HTTP ${status}) : ${message}`,
  kubernetesBackupsNeedS3:
    "Sur Kubernetes, les sauvegardes sont envoyées directement du cluster vers le stockage S3 du projet : un administrateur du projet doit d'abord configurer une destination S3.",
  appsDomainRequired: 'APPS_DOMAIN est requis avec RUNTIME=kubernetes',
  objectMissing: (kind: string, name: string) => `${kind} ${name} absent du cluster`,
  invalidReplicas: (replicas: number) => `Nombre d’instances invalide : ${replicas}`,
  invalidApplicationName: (name: string) => `Nom d’application invalide : ${name}`,
  setupFailed: (job: string | undefined, reason: string | undefined) =>
    `L’initialisation (${job}) a échoué : ${reason}`,
  kubeletUnavailable: (pod: string, node: string | undefined, code: number | null) =>
    `(journal du pod ${pod} indisponible : le nœud ${node ? `${node} ` : ''}qui l’exécute ne répond pas (HTTP ${code}) ; les journaux des autres pods restent lisibles)`,
} as const;
