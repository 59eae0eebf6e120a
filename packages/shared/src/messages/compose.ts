/**
 * Texts of Docker Compose applications (issue 30 item 2): each refusal of a Compose file names
 * the service (or the top-level entry) and the key, so the user finds the line to change.
 */
const at = (service: string, key: string) => `Service « ${service} », clé « ${key} » : `;

export const composeTexts = {
  fileRequired: 'Collez le contenu de votre fichier docker-compose.yml',
  fileTooLarge: 'Le fichier Compose ne peut pas dépasser 64 Ko',
  yamlInvalid: (line: number | null, detail: string) =>
    `Le fichier n’est pas un YAML valide${line ? ` (ligne ${line})` : ''} : ${detail}`,
  notAMapping:
    'Le fichier doit décrire un projet Compose : une clé « services » avec un service par nom',
  schemaInvalid: (path: string, detail: string) =>
    `Non conforme à la spécification Compose${path ? ` à « ${path} »` : ''} : ${detail}`,
  unknownKey: (key: string) => `clé « ${key} » inconnue`,
  imageRegistry: (service: string, refusal: string) => `${at(service, 'image')}${refusal}`,
  noServices: 'Le fichier ne déclare aucun service (clé « services »)',
  tooManyServices: (max: number) =>
    `Un fichier Compose ne peut pas déclarer plus de ${max} services`,
  serviceNameInvalid: (service: string) =>
    `Service « ${service} » : nom invalide (minuscules, chiffres et tirets, 30 caractères au plus, commençant par une lettre)`,
  imageRequired: (service: string) =>
    `${at(service, 'image')}l’image est requise (exemple : postgres:16), ou « build » dans un fichier lu depuis le dépôt Git`,
  imageInvalid: (service: string) =>
    `${at(service, 'image')}référence d’image invalide (registre/nom:étiquette, en minuscules)`,
  privileged: (service: string) =>
    `${at(service, 'privileged')}un service ne reçoit jamais de privilèges sur l’hôte`,
  hostPath: (service: string, source: string) =>
    `${at(service, 'volumes')}« ${source} » est un chemin de l’hôte : seuls les volumes nommés (déclarés sous « volumes » au premier niveau) sont permis`,
  volumeType: (service: string, type: string) =>
    `${at(service, 'volumes')}le type « ${type} » n’est pas permis : seuls les volumes nommés le sont`,
  volumeTarget: (service: string, target: string) =>
    `${at(service, 'volumes')}« ${target} » : le volume se monte à un chemin absolu du conteneur, hors de /, /proc, /sys, /dev, /etc, /usr, /bin, /lib et /run`,
  volumeUndeclared: (service: string, volume: string) =>
    `${at(service, 'volumes')}le volume « ${volume} » n’est pas déclaré sous « volumes » au premier niveau`,
  volumesFrom: (service: string) =>
    `${at(service, 'volumes_from')}non permis : partagez un volume nommé entre les services`,
  hostNamespace: (service: string, key: string) =>
    `${at(service, key)}« host » n’est pas permis : un service ne partage jamais les espaces de noms de l’hôte`,
  networkModeHost: (service: string) =>
    `${at(service, 'network_mode')}« host » n’est pas permis : les services sont sur le réseau privé de l’environnement et joignables par leur nom`,
  networkMode: (service: string) =>
    `${at(service, 'network_mode')}non permis : les services sont sur le réseau privé de l’environnement et joignables par leur nom`,
  devices: (service: string) =>
    `${at(service, 'devices')}un service n’accède à aucun périphérique de l’hôte`,
  capAdd: (service: string, capability: string, allowed: string) =>
    `${at(service, 'cap_add')}la capacité « ${capability} » n’est pas permise (permises : ${allowed})`,
  ports: (service: string) =>
    `${at(service, 'ports')}aucun port n’est ouvert sur l’hôte : les services sont joints par le proxy de la plateforme. Retirez « ports » et choisissez le service et le port exposés à l’adresse de l’application`,
  build: (service: string) =>
    `${at(service, 'build')}un fichier collé ne peut pas être construit : déployez-le depuis son dépôt Git (la plateforme construit alors les services qui ont « build ») ou indiquez une image publiée (clé « image »)`,
  extendsFile: (service: string) =>
    `${at(service, 'extends')}seul un service du même fichier peut être étendu (pas de clé « file »)`,
  extendsRefused: (service: string) =>
    `${at(service, 'extends')}non pris en charge : recopiez les clés du service étendu`,
  securityOpt: (service: string) =>
    `${at(service, 'security_opt')}non permis : la plateforme applique ses propres protections (seccomp, pas d’élévation de privilèges)`,
  sysctls: (service: string) => `${at(service, 'sysctls')}non permis sur la plateforme`,
  envFile: (service: string) =>
    `${at(service, 'env_file')}non pris en charge : écrivez les variables sous « environment »`,
  fileReference: (service: string, key: string) =>
    `${at(service, key)}les fichiers de l’hôte ne sont pas lisibles par un service : utilisez « environment » ou un volume nommé`,
  externalNetwork: (network: string) =>
    `Réseau « ${network} », clé « external » : les réseaux externes ne sont pas permis ; chaque application a son réseau privé`,
  externalVolume: (volume: string) =>
    `Volume « ${volume} », clé « external » : les volumes externes ne sont pas permis ; déclarez un volume nommé de l’application`,
  volumeDriver: (volume: string) =>
    `Volume « ${volume} », clé « driver_opts » : non permis (un pilote pourrait monter un chemin de l’hôte)`,
  volumeSizeInvalid: (volume: string) =>
    `Volume « ${volume} », clé « x-taille » : taille invalide (exemple : 2G, 500M)`,
  include: 'Clé « include » : non permise, tous les services sont dans le fichier collé',
  dependsOnUnknown: (service: string, other: string) =>
    `${at(service, 'depends_on')}le service « ${other} » n’est pas déclaré`,
  dependsOnCycle: (service: string) =>
    `${at(service, 'depends_on')}les dépendances forment un cycle`,
  healthyWithoutHealthcheck: (service: string, other: string) =>
    `${at(service, 'depends_on')}« service_healthy » attend « ${other} », qui n’a pas de « healthcheck »`,
  envNameInvalid: (service: string, name: string) =>
    `${at(service, 'environment')}« ${name} » n’est pas un nom de variable (lettres, chiffres, _ . -, sans commencer par un chiffre)`,
  cpusInvalid: (service: string) =>
    `${at(service, 'deploy.resources.limits.cpus')}valeur invalide (exemple : 0.5)`,
  memoryInvalid: (service: string) =>
    `${at(service, 'deploy.resources.limits.memory')}valeur invalide (exemple : 512M, 1G)`,
  replicas: (service: string) =>
    `${at(service, 'deploy.replicas')}un service Compose a une seule instance sur la plateforme`,
  healthcheckInvalid: (service: string) =>
    `${at(service, 'healthcheck.test')}commande invalide (exemple : ["CMD", "pg_isready"])`,
  exposedServiceUnknown: (service: string) =>
    `Le service exposé « ${service} » n’est pas déclaré dans le fichier`,
  exposedServiceRequired: 'Choisissez le service exposé à l’adresse de l’application',
  exposedPortRequired: 'Le port du service exposé est requis (celui sur lequel il écoute)',
  serviceNameTaken: (service: string, application: string) =>
    `Service « ${service} » : ce nom est déjà celui d’un service de l’application « ${application} » dans cet environnement (les services se joignent par leur nom) ; renommez-le ou déployez dans un autre environnement`,
  dependencyNotReady: (service: string, other: string, healthy: boolean) =>
    `Le service « ${service} » attend « ${other} », qui ${healthy ? 'n’est pas devenu sain (healthcheck)' : 'n’a pas démarré'} à temps : voyez les journaux de « ${other} »`,
  notCompose: 'Cette application n’a pas été déployée depuis un fichier Compose',
  editInFile:
    'Les ressources, les instances et les images d’une application Compose se changent dans son fichier Compose',
  serviceContainerMissing: (service: string) =>
    `Le conteneur du service « ${service} » est introuvable : redéployez l’application avant de la sauvegarder`,
  restoreVolumeMissing: (volume: string) =>
    `La sauvegarde contient le volume « ${volume} », que le fichier Compose de l’application cible ne déclare pas : restaurez-la dans une application qui a ce volume`,
  serviceStillRunning: (service: string) =>
    `Le service « ${service} » ne s’est pas arrêté à temps : ses volumes n’ont pas été copiés, réessayez plus tard`,
  restoreNoVolumes: 'Cette sauvegarde ne contient aucun volume d’une application Compose',
  /** Printed by the restore job for a volume the backup does not hold (left as it is). */
  restoreVolumeAbsent: (volume: string) =>
    `volume ${volume} absent de la sauvegarde : laissé tel quel`,
  restoreIntoNewApplication:
    'Une sauvegarde d’application Compose se restaure dans cette application ou dans une autre application Compose qui déclare les mêmes volumes, pas dans une nouvelle application',
  autoscalingNotYet:
    'La mise à l’échelle automatique d’une application Compose n’est pas encore prise en charge : chaque service a une instance',
  updateRequested: 'Nouvelle version du fichier Compose : mise à jour des services modifiés',
  deployRequested: 'Déploiement demandé : démarrage des services du fichier Compose',
  composeLabel: 'Docker Compose',
  // A Compose file read from a Git repository, its `build:` sections built at each commit.
  repositoryRequired:
    'Indiquez l’adresse du dépôt Git (https://…, ssh://… ou git@hôte:propriétaire/dépôt)',
  pathInvalid:
    'Chemin du fichier invalide : un chemin relatif à la racine du dépôt, finissant par .yml ou .yaml, sans « .. » (exemple : docker-compose.yml ou deploy/compose.yaml)',
  fileOrRepository: 'Collez le fichier ou indiquez le dépôt Git qui le contient, pas les deux',
  fileMissingInRepository: (path: string, commit: string) =>
    `Le fichier « ${path} » est introuvable dans le dépôt au commit ${commit}`,
  fileTooLargeInRepository: (path: string) => `Le fichier « ${path} » du dépôt dépasse 64 Ko`,
  fileRefusedInRepository: (path: string, problems: string[]) =>
    `Le fichier « ${path} » du dépôt est refusé : ${problems.join(' ; ')}`,
  buildKey: (service: string, key: string) =>
    `${at(service, `build.${key}`)}non pris en charge : seules « context », « dockerfile » et « args » le sont`,
  buildContext: (service: string, context: string) =>
    `${at(service, 'build.context')}« ${context} » doit être un dossier du dépôt (chemin relatif, sans « .. » qui en sorte, ni adresse)`,
  buildDockerfile: (service: string, dockerfile: string) =>
    `${at(service, 'build.dockerfile')}« ${dockerfile} » doit être un fichier du dossier de construction (chemin relatif, sans « .. »)`,
  buildArg: (service: string, name: string) =>
    `${at(service, 'build.args')}« ${name} » : un argument a un nom (lettres, chiffres, _) et une valeur`,
  exposedServiceNotCompose:
    'Seule une application Docker Compose a un service exposé : retirez « service_expose »',
  buildArgsInFile:
    'Les arguments de construction d’une application Compose sont dans son fichier (clé « build.args » de chaque service)',
  fileFromRepository:
    'Le fichier Compose de cette application vient de son dépôt Git : poussez un commit ou lancez une construction pour le changer',
  buildContextMissing: (service: string, context: string) =>
    `Service « ${service} » : le dossier de construction « ${context} » n’existe pas dans le dépôt à ce commit`,
  buildDockerfileMissing: (service: string, dockerfile: string) =>
    `Service « ${service} » : le fichier « ${dockerfile} » n’existe pas dans le dépôt à ce commit`,
  buildingService: (service: string, context: string) =>
    `Construction du service « ${service} » (dossier « ${context} »)`,
  serviceBuilt: (service: string, image: string) => `Service « ${service} » : image ${image}`,
  composeRead: (path: string, built: string[]) =>
    built.length
      ? `Fichier « ${path} » lu : services à construire : ${built.join(', ')}`
      : `Fichier « ${path} » lu : aucun service à construire (toutes les images sont publiées)`,
  releaseQuota: (detail: string) =>
    `La nouvelle version du fichier Compose dépasse le quota du projet : ${detail}`,
  gitDeployRequested:
    'Déploiement demandé : lecture du fichier Compose du dépôt et construction de ses services',
} as const;

/** The environment page's « Docker Compose » form and the application page's services card. */
export const composeFormTexts = {
  open: 'Docker Compose',
  title: 'Déployer un fichier Docker Compose',
  description:
    'Collez votre docker-compose.yml : chaque service devient un conteneur sur le réseau privé de l’environnement, joignable par son nom. Choisissez le service servi à l’adresse de l’application et son port.',
  fileLabel: 'Fichier docker-compose.yml',
  fileHint:
    'Sans « ports », « privileged », « build » ni chemin de l’hôte : seuls les volumes nommés sont permis. Limites par service : deploy.resources.limits (sinon 0,5 cœur et 0,5 Go). Taille d’un volume : x-taille (1 Go par défaut).',
  serviceLabel: 'Service exposé',
  serviceHint: (names: string[]) =>
    names.length ? `Services du fichier : ${names.join(', ')}` : 'Le nom d’un service du fichier',
  portLabel: 'Port du service exposé',
  problemsTitle: 'Le fichier est refusé :',
  submit: 'Déployer',
  cancel: 'Annuler',
  deployed: 'Application Compose déployée : ses services démarrent',
  wizardTitle: 'Docker Compose',
  wizardDescription:
    'Un fichier docker-compose.yml : chaque service dans son conteneur, joignables entre eux par leur nom, l’un servi à l’adresse de l’application. Le fichier se colle, ou se lit dans son dépôt Git (la plateforme construit alors les services qui ont « build »), sur la page de l’environnement.',
  wizardFromEnvironment: 'depuis la page d’un environnement',
  servicesTitle: 'Services',
  servicesDescription:
    'Les services du fichier Compose, chacun dans son conteneur ; le service exposé est servi à l’adresse de l’application.',
  exposedBadge: 'exposé',
  defaultSize: 'taille par défaut',
  stateRunning: 'En marche',
  stateStarting: 'Démarrage',
  stateFailed: 'En échec',
  stateUnknown: 'Pas encore démarré',
  stateSimulated: 'Simulation',
  volumes: 'Volumes',
  /** A service's live usage, from its containers or pods (issue 30 item 2). */
  liveUsage: (cpu: string, ramMb: string) => `En ce moment : ${cpu} cœur · ${ramMb} Mo`,
  liveUsageLabel: 'Utilisation en direct du service',
  // The file read from a Git repository instead of pasted (its `build:` services built).
  sourceLegend: 'Source du fichier',
  sourcePaste: 'Coller le fichier',
  sourceGit: 'Depuis un dépôt Git',
  descriptionGit:
    'Votre docker-compose.yml, lu dans son dépôt Git : chaque service devient un conteneur sur le réseau privé de l’environnement, joignable par son nom. Choisissez le service servi à l’adresse de l’application et son port.',
  gitIntro:
    'La plateforme lit le fichier Compose dans le dépôt à chaque commit de la branche, construit les services qui ont « build » et déploie la nouvelle version, comme une application de code.',
  branchHint: 'Chaque push sur cette branche reconstruit et redéploie l’application.',
  pathLabel: 'Chemin du fichier Compose',
  pathHint: 'Relatif à la racine du dépôt, par exemple docker-compose.yml ou deploy/compose.yaml.',
  serviceHintGit: 'Le nom, dans le fichier du dépôt, du service servi à l’adresse de l’application',
  repositoryProblemsTitle: 'Le fichier du dépôt est refusé :',
  repositoryProblemsBelow: (count: number) =>
    `Le fichier du dépôt est refusé : ${count} problèmes, listés ci-dessous`,
  gitDeployed:
    'Application Compose créée : son premier build lit le fichier du dépôt et construit ses services',
  fromRepository: 'Fichier Compose lu dans le dépôt Git',
  fromRepositoryBranch: (branch: string) => `branche ${branch}`,
  fromRepositoryPath: (path: string) => `fichier ${path}`,
  /** A service whose image the platform built from the repository's `build:` section. */
  builtBadge: 'construit depuis le dépôt',
  /** `build-3` → « Image du build n° 3 » (the image's own name is the platform's). */
  builtImage: (tag: string) => {
    const n = /^build-(\d+)$/.exec(tag)?.[1];
    return n ? `Image du build n° ${n}` : `Image construite (${tag})`;
  },
} as const;
