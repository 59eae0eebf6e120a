/**
 * Every French text of notifications (issue 27): what each event says on every channel, the
 * channel forms and the API's answers. The events themselves are listed in
 * `notification-events.ts`.
 */

/** What an event's text may name; each event uses the fields it needs. */
export interface NotificationParams {
  projet: string;
  application?: string;
  environnement?: string;
  raison?: string;
  domaine?: string;
  jours?: number;
  redemarrages?: number;
  minutes?: number;
  pourcentage?: number;
  membre?: string;
  role?: string;
  appareil?: string;
  canal?: string;
  repetitions?: number;
  /** A scheduled task's name, or the command of a one-off run. */
  tache?: string;
  /** A metric alert's measure (« CPU », « mémoire », « redémarrages »), threshold and value. */
  mesure?: string;
  seuil?: number;
  moyenne?: number;
  /** A failed backup whose local copy was kept (only its upload to S3 failed). */
  copieLocale?: boolean;
  /** The instances an application runs (automatic scaling). */
  instances?: number;
}

const app = (p: NotificationParams) =>
  p.environnement
    ? `« ${p.application ?? '?'} » (${p.environnement}, projet ${p.projet})`
    : `« ${p.application ?? '?'} » (projet ${p.projet})`;
const capital = (s: string | undefined) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : '');
const quiet = (p: NotificationParams) =>
  p.repetitions
    ? ` ${p.repetitions} alerte(s) répétée(s) n'ont pas été envoyées pendant l'incident.`
    : '';
/** « CPU de « boutique » (prod, projet Ventes) au-dessus de 90 % depuis 10 min (moyenne 97 %) ». */
const metricAlertText = (p: NotificationParams) =>
  p.mesure === 'redémarrages'
    ? `L'application ${app(p)} a redémarré ${p.redemarrages ?? 0} fois en ${p.minutes ?? 0} min (seuil : plus de ${p.seuil ?? 0}). Consultez ses logs.`
    : p.mesure === 'erreurs 5xx'
      ? `L'application ${app(p)} a répondu par une erreur 5xx à ${p.moyenne ?? 0} % des requêtes des ${p.minutes ?? 0} dernières minutes (seuil : ${p.seuil ?? 0} %). Consultez ses logs.`
      : p.mesure === 'disque'
        ? `Un volume de l'application ${app(p)} est rempli au-delà de ${p.seuil ?? 0} % de sa taille depuis ${p.minutes ?? 0} min (${p.moyenne ?? 0} % en moyenne). Libérez de l'espace ou augmentez le stockage de l'application avant qu'il soit plein.`
        : `${capital(p.mesure)} de ${app(p)} au-dessus de ${p.seuil ?? 0} % de la limite depuis ${p.minutes ?? 0} min (moyenne ${p.moyenne ?? 0} %).`;
const because = (p: NotificationParams) => (p.raison ? ` Raison : ${p.raison}` : '');

export const notificationEventTexts = {
  deploymentSucceeded: {
    label: 'Déploiement réussi',
    title: (p: NotificationParams) => `Déploiement réussi : ${p.application ?? ''}`,
    text: (p: NotificationParams) => `L'application ${app(p)} a été déployée avec succès.`,
  },
  deploymentFailed: {
    label: 'Déploiement échoué',
    title: (p: NotificationParams) => `Échec du déploiement : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `Le déploiement de l'application ${app(p)} a échoué.${because(p)}`,
  },
  deploymentRolledBack: {
    label: 'Retour à une version précédente',
    title: (p: NotificationParams) => `Retour arrière : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} est revenue à une version précédente.${because(p)}`,
  },
  buildFailed: {
    label: 'Build échoué',
    title: (p: NotificationParams) => `Échec du build : ${p.application ?? ''}`,
    text: (p: NotificationParams) => `Le build de l'application ${app(p)} a échoué.${because(p)}`,
  },
  crashLoop: {
    label: 'Redémarrages en boucle',
    title: (p: NotificationParams) => `Redémarrages en boucle : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} a redémarré ${p.redemarrages ?? 0} fois en ${p.minutes ?? 0} minutes : elle plante au démarrage. Consultez ses logs.`,
  },
  crashLoopEnded: {
    label: 'Redémarrages en boucle : rétabli',
    title: (p: NotificationParams) => `Rétabli : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} ne redémarre plus en boucle : elle est rétablie.${p.repetitions ? ` ${p.repetitions} alerte(s) répétée(s) n'ont pas été envoyées pendant l'incident.` : ''}`,
  },
  applicationDown: {
    label: 'Application indisponible',
    title: (p: NotificationParams) => `Application indisponible : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} ne répond plus${p.minutes ? ` depuis ${p.minutes} minutes` : ''}.${because(p)}`,
  },
  applicationUp: {
    label: 'Application de nouveau disponible',
    title: (p: NotificationParams) => `Rétabli : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} répond de nouveau : elle est rétablie.`,
  },
  backupFailed: {
    label: 'Sauvegarde échouée',
    title: (p: NotificationParams) => `Échec de la sauvegarde : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `La sauvegarde de l'application ${app(p)} a échoué.${because(p)}${p.copieLocale ? " Une copie locale de la sauvegarde a été conservée sur le serveur de la plateforme, mais elle n'a pas pu être envoyée vers le stockage S3." : ''}`,
  },
  taskFailed: {
    label: 'Tâche planifiée ou commande échouée',
    title: (p: NotificationParams) =>
      `Échec de la tâche « ${p.tache ?? ''} » : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `La tâche « ${p.tache ?? '?'} » de l'application ${app(p)} a échoué.${because(p)}`,
  },
  restoreTestFailed: {
    label: 'Restauration de test échouée',
    title: (p: NotificationParams) => `Échec de la restauration de test : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `La restauration de test hebdomadaire de l'application ${app(p)} a échoué : la sauvegarde n'est peut-être pas utilisable.${because(p)}`,
  },
  backupSucceeded: {
    label: 'Sauvegarde réussie',
    title: (p: NotificationParams) => `Sauvegarde réussie : ${p.application ?? ''}`,
    text: (p: NotificationParams) => `La sauvegarde de l'application ${app(p)} a réussi.`,
  },
  certificateExpiring: {
    label: 'Certificat bientôt expiré',
    title: (p: NotificationParams) => `Certificat expirant : ${p.domaine ?? ''}`,
    text: (p: NotificationParams) =>
      `Le certificat de ${p.domaine ?? '?'} (projet ${p.projet}) expire dans ${p.jours ?? 0} jour(s). Renouvelez-le ou remplacez-le avant son expiration.`,
  },
  certificateFailed: {
    label: 'Émission de certificat échouée',
    title: (p: NotificationParams) => `Échec du certificat : ${p.domaine ?? ''}`,
    text: (p: NotificationParams) =>
      `Le certificat de ${p.domaine ?? '?'} (projet ${p.projet}) n'a pas pu être émis.${because(p)}`,
  },
  quotaHigh: {
    label: 'Quota presque atteint',
    title: (p: NotificationParams) => `Quota à ${p.pourcentage ?? 0} % : ${p.projet}`,
    text: (p: NotificationParams) =>
      `Le projet ${p.projet} utilise ${p.pourcentage ?? 0} % de son quota. Augmentez-le ou libérez des ressources avant le prochain déploiement.`,
  },
  quotaRefused: {
    label: 'Déploiement refusé par le quota',
    title: (p: NotificationParams) => `Déploiement refusé par le quota : ${p.projet}`,
    text: (p: NotificationParams) =>
      `Un déploiement${p.application ? ` de « ${p.application} »` : ''} a été refusé : le quota du projet ${p.projet} serait dépassé.${because(p)}`,
  },
  autoscaleBlocked: {
    label: 'Mise à l’échelle automatique bloquée par le quota',
    title: (p: NotificationParams) => `Mise à l’échelle bloquée : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      `L'application ${app(p)} a besoin d'une instance de plus, mais le quota du projet ${p.projet} est atteint : elle reste à ${p.instances ?? '?'} instance(s).${because(p)} Augmentez le quota ou libérez des ressources.`,
  },
  memberJoined: {
    label: 'Nouveau membre',
    title: (p: NotificationParams) => `Nouveau membre : ${p.membre ?? ''}`,
    text: (p: NotificationParams) =>
      `${p.membre ?? '?'} a rejoint le projet ${p.projet} (${p.role ?? ''}).`,
  },
  memberRoleChanged: {
    label: 'Rôle modifié',
    title: (p: NotificationParams) => `Rôle modifié : ${p.membre ?? ''}`,
    text: (p: NotificationParams) =>
      `Le rôle de ${p.membre ?? '?'} dans le projet ${p.projet} est maintenant : ${p.role ?? ''}.`,
  },
  channelPaused: {
    label: 'Canal de notification mis en pause',
    title: (p: NotificationParams) => `Canal mis en pause : ${p.canal ?? ''}`,
    text: (p: NotificationParams) =>
      `Le canal de notification « ${p.canal ?? '?'} » du projet ${p.projet} a échoué 10 fois de suite : il est mis en pause. Vérifiez sa configuration puis réactivez-le dans Notifications.${because(p)}`,
  },
  metricAlert: {
    label: 'Alerte de métrique (CPU, mémoire, redémarrages, erreurs 5xx, disque)',
    title: (p: NotificationParams) => `Alerte ${p.mesure ?? ''} : ${p.application ?? ''}`,
    text: (p: NotificationParams) => metricAlertText(p),
  },
  metricRecovered: {
    label: 'Alerte de métrique : rétabli',
    title: (p: NotificationParams) => `Rétabli (${p.mesure ?? ''}) : ${p.application ?? ''}`,
    text: (p: NotificationParams) =>
      p.mesure === 'redémarrages'
        ? `L'application ${app(p)} ne redémarre plus : l'alerte est terminée.${quiet(p)}`
        : p.mesure === 'erreurs 5xx'
          ? `Les erreurs 5xx de l'application ${app(p)} sont revenues sous ${p.seuil ?? 0} % des requêtes : l'alerte est terminée.${quiet(p)}`
          : p.mesure === 'disque'
            ? `Les volumes de l'application ${app(p)} sont revenus sous ${p.seuil ?? 0} % de leur taille : l'alerte est terminée.${quiet(p)}`
            : `${capital(p.mesure)} de l'application ${app(p)} ${p.mesure === 'mémoire' ? 'revenue' : 'revenu'} sous ${p.seuil ?? 0} % de la limite : l'alerte est terminée.${quiet(p)}`,
  },
  test: {
    label: 'Message de test',
    title: (p: NotificationParams) => `Message de test : ${p.canal ?? ''}`,
    text: (p: NotificationParams) =>
      `Ceci est un message de test du canal « ${p.canal ?? '?'} » du projet ${p.projet}. Si vous le lisez, le canal fonctionne.`,
  },
} as const;

/** The channel kinds, as the forms and the list name them. */
export const channelKindLabels = {
  email: 'E-mail',
  webhook: 'Webhook (JSON signé)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  telegram: 'Telegram',
} as const;

export const notificationTexts = {
  nameRequired: 'Le nom du canal est requis',
  nameTooLong: 'Le nom du canal ne peut pas dépasser 100 caractères',
  kindInvalid: 'Type de canal inconnu',
  urlRequired: "L'adresse du webhook est requise",
  urlInvalid:
    "L'adresse du webhook doit commencer par https:// (ou http:// sur un réseau autorisé)",
  urlPrivate: (host: string) =>
    `L'adresse « ${host} » mène à un réseau privé ou interne : la plateforme ne s'y connecte pas. Indiquez une adresse joignable sur Internet.`,
  urlUnknownHost: (host: string) => `Le nom « ${host} » est introuvable : vérifiez l'adresse.`,
  urlCredentials: "L'adresse du webhook ne doit pas contenir d'identifiants",
  webhookSecretTooShort:
    'Le secret de signature doit compter au moins 16 caractères (gardez-le : il sert à vérifier les signatures)',
  botTokenRequired: 'Le token du bot Telegram est requis',
  botTokenInvalid: 'Token de bot Telegram invalide (forme attendue : 123456:ABC…)',
  chatIdRequired: "L'identifiant de la conversation Telegram est requis",
  chatIdInvalid: 'Identifiant de conversation Telegram invalide (un nombre ou @nom_du_canal)',
  recipientsRequired: 'Choisissez au moins un membre du projet à qui écrire',
  recipientNotMember: "Ce destinataire n'est pas membre du projet",
  eventsRequired: 'Choisissez au moins un événement',
  eventUnknown: 'Événement inconnu',
  environmentUnknown: "Cet environnement n'existe pas dans ce projet",
  channelNotFound: 'Canal de notification non trouvé',
  secretKept: 'Laissez vide pour garder la valeur enregistrée',
  recipientsHint: (n: number) => `${n} membre${n > 1 ? 's' : ''}`,
  telegramHint: (chat: string) => `Telegram ${chat}`,
  testSent: 'Message de test envoyé',
  testFailed: (reason: string) => `Le message de test n'a pas pu être envoyé : ${reason}`,
  httpStatus: (status: number, body: string) =>
    `Le service a répondu ${status}${body ? ` : ${body}` : ''}`,
  timeout: "Le service n'a pas répondu à temps",
  unreachable: (reason: string) => `Service injoignable : ${reason}`,
  channelPaused: 'Canal en pause après 10 échecs de suite',
  rateLimited: 'Trop de messages pour ce canal : envoi retardé',
  noRecipient: 'Aucun destinataire : les membres choisis ne font plus partie du projet',
  mailGreeting: 'Bonjour,',
  mailAction: 'Ouvrir',
  mailFootnote:
    'Vous recevez ce message parce qu’un administrateur du projet vous a ajouté à un canal de notification.',
} as const;
