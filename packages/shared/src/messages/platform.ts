/** The API's French texts about the platform itself: health, simulation mode. */
export const platformTexts = {
  databaseUnreachable: 'Base de données injoignable',
  simulationBanner: "Mode simulation : aucune application réelle n'est déployée",
} as const;

/** What a simulated application's URL shows (simulation mode: nothing real runs). */
export const simulatedAppPage = {
  title: 'Application simulée',
  explanation:
    "Cette adresse représente l'application dans le mode simulation de la plateforme. Configurez un cluster Kubernetes ou un moteur Docker/Podman (variable <code>RUNTIME</code>) pour déployer réellement.",
} as const;
