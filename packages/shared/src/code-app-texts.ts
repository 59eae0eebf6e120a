import { buildTexts, type BuildTrigger } from './build-types';

/** The web app's texts for code applications (issue 13): builds, releases, webhook, variables. */
export const buildTriggerLabels: Record<BuildTrigger, string> = {
  deploy: 'Premier déploiement',
  redeploy: 'Redéploiement manuel',
  webhook: 'Push (webhook)',
  rollback: 'Retour à une version',
};

export const buildLogTexts = {
  title: 'Journal du build',
  empty: 'En attente des premières lignes…',
  reconnecting: 'Connexion perdue, reconnexion…',
  notFound: 'Ce build est introuvable.',
  cancel: 'Annuler',
  cancelling: 'Annulation…',
  followBottom: 'Suivre la fin du journal',
} as const;

export const codeAppTexts = {
  redeploy: 'Redéployer',
  redeployStarted: 'Redéploiement lancé : un nouveau build est en file d’attente.',
  rollback: 'Revenir à cette version',
  rollbackTitle: 'Revenir à une version précédente',
  rollbackWarning: buildTexts.rollbackNotice,
  currentRelease: 'Version en ligne',
  promote: 'Promouvoir',
  promoteTitle: 'Promouvoir cette version vers un autre environnement',
  promoteTarget: 'Application qui reçoit la version',
  promoteTo: (environment: string) => `Promouvoir vers ${environment}`,
  promoteExplained:
    'La même image (même empreinte, sans nouvelle construction) est déployée dans l’application choisie, avec ses propres variables et ressources. Sa version actuelle reste en ligne jusqu’à ce que la nouvelle soit prête.',
  envVarsSaved: 'Variables enregistrées : une nouvelle version est déployée avec la même image.',
  keepSecret: 'laisser vide pour conserver',
  webhookSecretOnce:
    'Copiez ce secret maintenant : il ne sera plus jamais affiché. Générer un nouveau secret remplace l’ancien.',
  copied: 'Copié dans le presse-papiers',
  copyFailed: 'Impossible de copier : sélectionnez le texte et copiez-le manuellement.',
  tokenAdded: 'Token ajouté. Sa valeur ne sera plus jamais affichée.',
} as const;

export const codeAppErrors = {
  gitTokensLoad: 'Erreur lors du chargement des tokens Git',
  tokenNameRequired: 'Le nom du token est requis',
  tokenRequired: 'Le token est requis',
  buildsLoad: 'Erreur lors du chargement des builds',
  promotionTargetsLoad:
    'Erreur lors du chargement des applications qui peuvent recevoir la version',
  releasesLoad: 'Erreur lors du chargement des versions',
  envVarsLoad: 'Erreur lors du chargement des variables',
  webhookLoad: 'Erreur lors du chargement du webhook',
} as const;

export const firstBuildTexts = {
  title: 'Premier build',
  description:
    "Votre code est cloné, construit puis démarré. L'application s'ouvre dès que le build réussit.",
  succeeded: "Build réussi : l'application démarre.",
  failed:
    "Le build a échoué : corrigez le code ou la configuration, puis « Redéployer » depuis la page de l'application.",
  openApplication: "Voir l'application",
} as const;

export const inlineCodeTexts = {
  launched: 'Application créée : son premier build est lancé.',
} as const;

/** How to set the push webhook up at each Git host (issue 13). */
export const webhookTexts = {
  title: 'Déploiement automatique (webhook)',
  description:
    'Un push sur la branche suivie construit et déploie une nouvelle version. Les autres branches et événements sont ignorés.',
  generate: 'Générer un secret',
  regenerate: 'Régénérer le secret',
  regenerateWarning:
    "L'ancien secret cessera aussitôt de fonctionner : mettez-le à jour chez votre hébergeur Git.",
  secretSet: 'Secret configuré (jamais réaffiché).',
  noSecret: 'Aucun secret : générez-en un pour activer le webhook.',
  localUrl:
    'Cette adresse n’est pas encore joignable depuis Internet : GitHub, GitLab ou Gitea ne pourront pas l’appeler. En attendant que l’administrateur de la plateforme la publie, cliquez sur « Redéployer » (carte Source) après chaque push pour mettre votre application à jour.',
  providers: {
    github: {
      name: 'GitHub',
      steps: [
        'Settings → Webhooks → Add webhook',
        'Payload URL : l’URL ci-dessus',
        'Content type : application/json',
        'Secret : le secret généré',
        'Événements : « Just the push event »',
      ],
    },
    gitlab: {
      name: 'GitLab',
      steps: [
        'Settings → Webhooks → Add new webhook',
        'URL : l’URL ci-dessus',
        'Secret token : le secret généré',
        'Trigger : « Push events » (la branche suivie, ou toutes)',
        'Le corps est envoyé en application/json',
      ],
    },
    gitea: {
      name: 'Gitea',
      steps: [
        'Settings → Webhooks → Add Webhook → Gitea',
        'Target URL : l’URL ci-dessus',
        'HTTP Method : POST',
        'POST Content Type : application/json',
        'Secret : le secret généré',
        'Trigger On : « Push Events »',
      ],
    },
  },
} as const;
