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
} as const;
