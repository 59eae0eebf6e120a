/**
 * What the image builders (docker/Podman, Kaniko on Kubernetes, simulation) write: why a build
 * failed (the build's error, shown on its page) and the lines of its log.
 */
export const builderFailureTexts = {
  cancelled: 'Construction annulée.',
  failed: (detail: string) => `La construction a échoué : ${detail}`,
  failedAtStep: (step: string | null, detail: string) =>
    `La construction a échoué${step ? ` à l'étape « ${step} »` : ''} : ${detail || 'erreur inconnue du moteur'}`,
  lastOutput: (line: string) => `dernière sortie : ${line}`,
  engineRefused: 'le moteur de conteneurs a refusé la construction',
  imageMissing: "La construction a échoué : l'image construite est introuvable.",
  timeout: (minutes: number) =>
    `La construction a dépassé sa durée maximale (${minutes} min) et a été arrêtée.`,
  timeoutStopped: 'La construction a dépassé sa durée maximale et a été arrêtée.',
  undetected:
    'La construction a échoué : impossible de reconnaître le projet (ni Dockerfile, ni package.json, requirements.txt, pyproject.toml, composer.json, pom.xml, build.gradle ou index.html à la racine du dépôt). Ajoutez un Dockerfile à la racine.',
  networkNotReady: (detail: string) =>
    `Le réseau isolé des constructions n'a pas pu être préparé : ${detail}`,
  pushFailed: (detail: string) => `L'envoi de l'image vers le registre a échoué : ${detail}`,
  pushWithoutDigest: "L'envoi de l'image vers le registre n'a pas donné d'empreinte (digest).",
  sourceTooLarge: (mb: number) =>
    `Le dépôt dépasse la taille maximale autorisée pour une construction (${mb} Mo) : retirez-en les fichiers volumineux, ou demandez à l'administrateur de la plateforme d'augmenter la limite.`,
  registryRequired:
    "La construction sur Kubernetes demande un registre d'images : REGISTRY_URL n'est pas configuré sur la plateforme.",
  extraCaUnreadable: (detail: string) =>
    `Le certificat d'autorité supplémentaire de la plateforme (TLS_EXTRA_CA_FILE) est illisible : ${detail}`,
  checkoutFailed: 'La récupération du dépôt dans le cluster a échoué.',
  jobFailed: 'le Job de construction a échoué',
  kanikoWithoutDigest:
    "La construction a réussi mais Kaniko n'a pas donné l'empreinte (digest) de l'image.",
  contextTooLarge: (mb: number) =>
    `Le contexte de construction dépasse la taille maximale autorisée (${mb} Mo) : excluez les fichiers inutiles à l'image avec un fichier .dockerignore.`,
} as const;

export const builderLogTexts = {
  /** A step killed by the engine, not by the build's own stop: the build is run again. */
  stepKilledRetry: (attempt: number, of: number) =>
    `Une étape a été interrompue par le moteur de conteneurs (processus tué sans que la construction l'ait demandé) : la construction est relancée (tentative ${attempt} sur ${of}).`,
  detected: (project: string, template: string | null) =>
    `Projet détecté : ${project} — Dockerfile généré (modèle ${template}).`,
  repositoryDockerfile: (port: number) => `Dockerfile du dépôt utilisé (port ${port}).`,
  isolatedNetwork:
    "Réseau de construction isolé : les étapes n'accèdent à Internet que par le proxy de sortie de la plateforme (adresses privées refusées).",
  error: (detail: string) => `Erreur : ${detail}`,
  jobStarted: (job: string, namespace: string) =>
    `Construction lancée dans le cluster (Job ${job}, espace ${namespace}).`,
  imagePushed: (image: string) => `Image construite et envoyée : ${image}`,
  cleanupIncomplete: (detail: string) => `Nettoyage du Job de construction incomplet : ${detail}`,
  waitingForPod: (reason: string) => `En attente du pod de construction : ${reason}`,
  stepStopped: (processes: number) =>
    `Étape de construction en cours arrêtée (${processes} processus).`,
  stepNotStopped: (processes: number) =>
    `${processes} processus de l'étape en cours n'ont pas pu être arrêtés (droits insuffisants) : elle se termine d'elle-même.`,
  stepInvisible:
    "Les processus de construction ne sont pas visibles d'ici : l'étape en cours se termine d'elle-même.",
  workContainersRemoved: (names: string) => `Conteneurs de travail retirés : ${names}.`,
  workContainersKept: (names: string) =>
    `Conteneurs de travail laissés à Podman (d'autres constructions tournent) : ${names}.`,
  cleanupFailed: (detail: string) => `Nettoyage de la construction incomplet : ${detail}`,
  pushing: (registryHost: string) => `Envoi de l'image vers ${registryHost}…`,
} as const;

/** The build network and its egress proxy (docker/Podman builds). */
export const buildEgressTexts = {
  networkCreation: (name: string, detail: string) => `création du réseau ${name} : ${detail}`,
  networkNotInternal: (name: string) =>
    `Le réseau de construction « ${name} » existe mais n'est pas isolé (internal) : les constructions ne peuvent pas y être lancées. L'administrateur de la plateforme doit le supprimer ou choisir un autre nom (BUILD_NETWORK).`,
  proxyNotOnNetwork: (proxy: string, network: string) =>
    `le proxy de sortie ${proxy} ne tourne pas sur le réseau ${network}`,
  proxySilent: (proxy: string) => `le proxy de sortie ${proxy} ne répond pas`,
  proxyImageMissing: (image: string, detail: string) =>
    `image du proxy de sortie ${image} introuvable : ${detail}`,
} as const;

/** The simulation's builder: every log line says nothing is built. */
export const simulationBuildTexts = {
  notice: "Simulation : aucune image n'est réellement construite",
  source: (repository: string, branch: string) => `(dépôt ${repository}, branche ${branch}).`,
  commit: (sha: string) => `commit ${sha}.`,
  limits: (cpuMilli: number, ramMb: number) => `limites ${cpuMilli} m CPU, ${ramMb} Mo.`,
  image: (image: string) => `image ${image} simulée.`,
} as const;
