/** What the simulation runtime writes: every text says nothing real runs. */
export const simulationTexts = {
  backupNotice:
    'Sauvegarde simulée : aucune application réelle ne tourne, ce contenu est synthétique.',
  backupWithoutDatabase: (engine: 'MariaDB' | 'PostgreSQL' | 'Redis') =>
    `La sauvegarde ne contient pas de base ${engine} lisible.`,
  imageMissing: (image: string) =>
    `Image ${image} introuvable (simulation : le téléchargement échoue pour ce nom d'image)`,
  setupRun: (at: string, revision: number) =>
    `${at} [simulation] Tâche d'installation simulée : ${
      revision === 0
        ? 'installation et compte administrateur créés'
        : `mot de passe administrateur changé (révision ${revision})`
    } — rien n'est réellement exécuté.`,
} as const;

/** The log lines of a simulated application (GET /deployments/{id}/logs). */
export const simulatedLogTexts = {
  notice: (pod: string) =>
    `Mode simulation : aucune application réelle n'est déployée (pod ${pod}).`,
  pulled: (image: string) => `Image ${image} « téléchargée » (simulé).`,
  starting: (template: string) => `Démarrage simulé de ${template}…`,
  database: 'Connexion simulée à la base de données réussie.',
  listening: (port: number) => `Application simulée à l'écoute sur le port ${port}.`,
  probe: 'GET / 200 (sonde de disponibilité simulée)',
} as const;
