/** Texts of « any image » applications (issue 30 item 1) and of a project's registry credentials. */
export const imageDeployTexts = {
  imageRequired: "L'image est requise (exemple : ghcr.io/acme/api:1.4)",
  imageInvalid:
    'Référence d’image invalide : registre/nom:étiquette, en minuscules (exemple : ghcr.io/acme/api:1.4)',
  platformRegistry:
    'Cette image est dans le registre de la plateforme, qui garde les images construites de tous les projets : déployez votre code depuis son dépôt Git, ou une image d’un registre externe.',
  privateRegistry: (registry: string) =>
    `Le registre ${registry} est une adresse interne (locale ou privée) : la plateforme ne télécharge pas d’image depuis le réseau de son hébergeur. Utilisez un registre public ou accessible sur Internet.`,
  imageDigestRefused:
    'Indiquez une étiquette (:1.4), pas une empreinte (@sha256:…) : la plateforme suit l’étiquette.',
  portRequired: 'Le port du conteneur est requis (celui sur lequel l’image écoute)',
  commandQuote: 'Un guillemet de la commande n’est pas refermé',
  commandInvalid: 'La commande ne peut pas dépasser 50 arguments de 4 096 caractères chacun',
  healthPathInvalid:
    'Chemin de vérification invalide : il commence par « / » (exemple : /healthz), sans espace',
  dataPathInvalid:
    'Chemin du volume invalide : un chemin absolu du conteneur (exemple : /data ou /var/lib/app), hors de /, /proc, /sys, /dev, /etc, /usr, /bin, /lib et /run',
  credentialUnknown: 'Ces identifiants de registre n’existent pas dans ce projet.',
  credentialOtherRegistry: (host: string, imageHost: string) =>
    `Ces identifiants sont ceux du registre « ${host} », l’image vient de « ${imageHost} ».`,
  deployRequested: 'Déploiement demandé : téléchargement de l’image',
  watchInvalid: '« Redéployer à chaque nouvelle version » vaut vrai ou faux',
  imageLabel: 'Image',
} as const;

/** Why an image could not be pulled, for the user (the application fails with it). */
export const imagePullTexts = {
  refusedCredentials: (registry: string) =>
    `Le registre « ${registry} » a refusé les identifiants : vérifiez le nom d’utilisateur et le mot de passe (ou le jeton) enregistrés dans les paramètres du projet.`,
  authenticationRequired: (registry: string) =>
    `Le registre « ${registry} » demande une authentification : ajoutez ses identifiants dans les paramètres du projet et choisissez-les pour cette application.`,
  notFound: (image: string) =>
    `L’image « ${image} » est introuvable : vérifiez son nom et son étiquette.`,
  unreachable: (registry: string) =>
    `Le registre « ${registry} » ne répond pas : vérifiez son adresse, puis réessayez.`,
  failed: (image: string, detail: string) =>
    `L’image « ${image} » n’a pas pu être téléchargée : ${detail}`,
} as const;

export const registryCredentialTexts = {
  registryRequired: 'Le registre est requis (exemple : ghcr.io ou registre.exemple.sn:5000)',
  registryInvalid:
    'Registre invalide : un nom d’hôte, avec un port éventuel (exemple : ghcr.io ou registre.exemple.sn:5000), sans « https:// » ni chemin',
  usernameRequired: 'Le nom d’utilisateur est requis',
  usernameTooLong: 'Le nom d’utilisateur ne peut pas dépasser 200 caractères',
  passwordRequired: 'Le mot de passe ou le jeton est requis',
  passwordTooLong: 'Le mot de passe ou le jeton ne peut pas dépasser 4 000 caractères',
  notFound: 'Identifiants de registre non trouvés',
  inUse:
    'Ces identifiants sont utilisés par une application du projet : changez son image ou supprimez-la d’abord.',
  inUseByStack: (application: string, service: string) =>
    `Ces identifiants servent au service « ${service} » de l’application Compose « ${application} » : ajoutez d’abord d’autres identifiants pour ce registre, changez l’image du service ou supprimez l’application.`,
} as const;

/**
 * « Redéployer à chaque nouvelle version » (issue 30 item 1): the platform reads the tag's
 * digest from its registry and redeploys when it changed. Errors are shown on the application
 * page; they never stop the application.
 */
export const imageWatchTexts = {
  optionLabel: 'Redéployer à chaque nouvelle version',
  optionHelp:
    'La plateforme vérifie régulièrement l’étiquette auprès du registre et redéploie l’application dès qu’une nouvelle image y est publiée.',
  cardTitle: 'Nouvelles versions de l’image',
  runningDigest: 'Version en service',
  runningUnknown: 'celle téléchargée au dernier déploiement',
  lastCheck: 'Dernière vérification',
  neverChecked: 'pas encore vérifiée',
  registryError: 'La dernière vérification auprès du registre a échoué',
  disabledHint:
    'Désactivé : la plateforme ne consulte pas le registre ; l’application garde la version qu’elle exécute.',
  keepsRunning: 'L’application continue de tourner avec sa version actuelle.',
  saveFailed: 'Erreur lors du changement du redéploiement automatique',
  turnedOn: 'Redéploiement à chaque nouvelle version activé',
  turnedOff: 'Redéploiement à chaque nouvelle version désactivé',
  onlyImages:
    'Cette option ne concerne que les applications déployées depuis une image de conteneur.',
  hookTitle: 'Webhook du registre',
  hookHelp:
    'Donnez cette adresse au registre (notification de publication) : chaque appel demande la vérification de l’étiquette sans attendre.',
  hookNone: 'Aucune adresse de webhook pour le moment.',
  hookActive: 'Une adresse de webhook est active ; en créer une nouvelle désactive l’ancienne.',
  hookCreate: 'Créer l’adresse du webhook',
  hookRenew: 'Remplacer l’adresse du webhook',
  hookShownOnce: 'Copiez cette adresse maintenant : elle ne sera plus affichée.',
  hookFailed: 'Erreur lors de la création de l’adresse du webhook',
  hookUnknown: 'Adresse de webhook inconnue',
  hookWatchOff:
    'Le redéploiement à chaque nouvelle version est désactivé pour cette application : activez-le d’abord.',
  hookAccepted: 'Vérification de l’étiquette demandée',
  newVersion: (tag: string, digest: string) =>
    `Nouvelle version de l’étiquette « ${tag} » publiée (${digest}) : redéploiement demandé`,
  refusedCredentials: (registry: string) =>
    `Le registre « ${registry} » a refusé les identifiants : vérifiez le nom d’utilisateur et le mot de passe (ou le jeton) enregistrés dans les paramètres du projet.`,
  authenticationRequired: (registry: string) =>
    `Le registre « ${registry} » demande une authentification : ajoutez ses identifiants dans les paramètres du projet et choisissez-les pour cette application.`,
  notFound: (image: string) =>
    `L’image « ${image} » est introuvable dans son registre : vérifiez son nom et son étiquette.`,
  unreachable: (host: string) =>
    `Le registre « ${host} » ne répond pas : nouvelle vérification plus tard.`,
  untrustedCertificate: (host: string) =>
    `Le certificat du registre « ${host} » n’est pas reconnu : la vérification est impossible.`,
  privateAddress: (host: string) =>
    `« ${host} » est une adresse interne (locale ou privée) : la plateforme ne l’interroge pas.`,
  status: (registry: string, status: number) =>
    `Le registre « ${registry} » a répondu par une erreur (HTTP ${status}) : nouvelle vérification plus tard.`,
  badAnswer: (registry: string) =>
    `Le registre « ${registry} » a donné une réponse incomprise : nouvelle vérification plus tard.`,
} as const;

export const imageWatchApiDocs = {
  tag: 'Applications',
  hookSummary: 'Créer l’adresse du webhook du registre',
  hookDescription:
    'Développeurs et administrateurs : une adresse secrète, donnée une seule fois, que le registre appelle à chaque publication ; l’ancienne cesse de fonctionner.',
  receiveSummary: 'Webhook d’un registre : nouvelle version publiée',
  receiveDescription:
    'Appelée par le registre (tout contenu est accepté et ignoré) : demande la vérification immédiate de l’étiquette. 404 si l’adresse est inconnue, 409 si l’option est désactivée.',
  summary: 'Redéployer à chaque nouvelle version',
  description:
    'Développeurs et administrateurs, applications déployées depuis une image : `redeploiement_auto` vrai, la plateforme lit l’empreinte de l’étiquette dans son registre (IMAGE_WATCH_INTERVAL_SECONDS) et redéploie l’application sur la nouvelle empreinte quand elle change. Une erreur du registre n’arrête jamais l’application : elle est montrée sur sa page.',
} as const;
