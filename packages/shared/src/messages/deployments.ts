/** The API's French answers about deployed applications, and the events of their history. */
export const deploymentErrorTexts = {
  notFound: 'Application non trouvée',
  builderUnavailable:
    'La construction de code n’est pas disponible sur ce serveur : aucun constructeur d’images n’est configuré.',
  gitTokenUnknown: 'Ce token Git n’existe pas dans ce projet.',
  codeTypeUnknown: "Type d'application de code inconnu (react, vue, nodejs, python, php ou java)",
  environmentDeleting:
    'Cet environnement est en cours de suppression : aucune application ne peut y être déployée.',
  runtimeUnreachable:
    'Le serveur d’exécution ne répond pas pour le moment. Réessayez dans quelques instants.',
  deleting: 'Cette application est en cours de suppression.',
  codeImageManaged:
    'L’image d’une application de code vient de ses constructions : utilisez « Redéployer » ou « Revenir à cette version ».',
  certificateNotFound: 'Certificat TLS introuvable dans ce projet.',
  metricsUnavailable:
    'Métriques indisponibles : le serveur ne fournit pas de mesures pour le moment.',
} as const;

export const deploymentTexts = {
  deletionStarted: 'Suppression de l’application en cours.',
} as const;

/** Events of the application's history (`events`), newest last. */
export const deploymentEventTexts = {
  deployRequested: 'Déploiement demandé',
  codeDeployRequested: 'Déploiement demandé : construction en file d’attente',
  scaleRequested: (from: number, to: number) =>
    `Mise à l'échelle demandée : ${from} → ${to} instance(s)`,
  editRequested: 'Modification demandée',
  deletionRequested: 'Suppression demandée',
  restartRequested: 'Redémarrage demandé',
  adminPasswordRequested: 'Nouveau mot de passe administrateur demandé',
} as const;
