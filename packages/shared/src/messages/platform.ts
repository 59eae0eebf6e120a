/** The API's French texts about the platform itself: health, simulation mode. */
export const platformTexts = {
  databaseUnreachable: 'Base de données injoignable',
  simulationBanner: "Mode simulation : aucune application réelle n'est déployée",
} as const;

/**
 * What the platform's operators (OPERATOR_EMAILS) read in a banner while a setting customers
 * depend on is missing (issue 33 item 7). Customers never see these: they are told what they
 * can do themselves, in their own cards.
 */
export const operatorSettingsTexts = {
  title: 'Réglages de la plateforme à compléter (visible par ses opérateurs seulement)',
  publicAddress:
    'Ni APPS_DOMAIN ni PUBLIC_IP ne sont définis : un client qui ajoute son nom de domaine ne peut pas savoir vers quelle adresse le faire pointer (sa fiche DNS ne propose aucun enregistrement). Définissez APPS_DOMAIN (un domaine joker qui mène à la plateforme) ou PUBLIC_IP (son adresse publique).',
  publicUrl: (url: string) =>
    `PUBLIC_URL est une adresse locale (${url}) : GitHub, GitLab ou Gitea ne peuvent pas joindre les webhooks des applications, les clients doivent redéployer à la main après chaque push. Définissez PUBLIC_URL avec l’adresse publique de la plateforme.`,
  docs: 'Voir la documentation d’exploitation : docs/configuration.md.',
} as const;

/** What a simulated application's URL shows (simulation mode: nothing real runs). */
export const simulatedAppPage = {
  title: 'Application simulée',
  explanation:
    "Cette adresse représente l'application dans le mode simulation de la plateforme. Configurez un cluster Kubernetes ou un moteur Docker/Podman (variable <code>RUNTIME</code>) pour déployer réellement.",
} as const;

/**
 * What the platform's operators (OPERATOR_EMAILS) get by mail when the platform itself has a
 * problem (issue 27): once when it starts, once when it ends (« rétabli »).
 */
export const operatorAlertTexts = {
  runtimeUnreachable: (runtime: string) => `Environnement d'exécution injoignable (${runtime})`,
  openSubject: (title: string) => `Alerte plateforme : ${title}`,
  openLead: (title: string) =>
    `La plateforme signale un problème : ${title}. Les applications des clients peuvent en souffrir tant qu'il dure.`,
  detail: (detail: string) => `Détail : ${detail}`,
  openRepeat:
    'Vous ne recevrez pas d’autre message tant que ce problème dure ; un message vous dira quand il sera rétabli.',
  closedSubject: (title: string) => `Rétabli : ${title}`,
  closedLead: (title: string, minutes: number) =>
    `Le problème « ${title} » est terminé : la plateforme fonctionne de nouveau normalement (il a duré ${minutes} minute${minutes > 1 ? 's' : ''} environ).`,
  footnote:
    'Message envoyé aux opérateurs de la plateforme (OPERATOR_EMAILS). Les clients ne le reçoivent pas.',
} as const;
