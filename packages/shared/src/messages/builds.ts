/**
 * The API's French texts about builds of code applications: errors, the application's history
 * and status reason, and the lines the platform writes in a build's log.
 */
export const buildErrorTexts = {
  notFound: 'Construction non trouvée',
  finished: 'Cette construction est déjà terminée : il n’y a rien à annuler.',
  notCodeApplication:
    'Cette application n’est pas construite depuis un dépôt Git : rien à reconstruire.',
  applicationDeleting: 'Cette application est en cours de suppression.',
  cancelledBeforeStart: 'Construction annulée avant son démarrage.',
  cancelledNothingRuns:
    'Construction annulée : aucune version ne tourne encore. Utilisez « Redéployer » pour construire l’application.',
  failed: (message: string) => `La construction a échoué : ${message}`,
  applicationDeletedBefore: 'Application supprimée avant la construction.',
  applicationDeletedDuring: 'L’application a été supprimée pendant la construction.',
  timeout: (minutes: number) =>
    `La construction a dépassé le délai de ${minutes} minute(s) et a été arrêtée.`,
  serverStopped:
    'Le serveur s’est arrêté pendant la construction. Relancez-la avec « Redéployer ».',
  unexpected:
    'La construction a échoué pour une raison inattendue. Réessayez avec « Redéployer » ; si le problème persiste, contactez l’administrateur de la plateforme.',
  processDied:
    'La construction a été interrompue : le processus qui la menait s’est arrêté. Relancez-la avec « Redéployer ».',
} as const;

/** Events of the application's history about its builds and releases. */
export const buildEventTexts = {
  ended: (numero: number | null, outcome: 'cancelled' | 'failed', message?: string) =>
    `Construction n° ${numero ?? '?'} ${outcome === 'cancelled' ? 'annulée' : 'échouée'}${message === undefined ? '' : ` : ${message}`}`,
  pushQueued: (numero: number | null, commit?: string) =>
    `Push reçu${commit ? ` (commit ${commit})` : ''} : construction n° ${numero ?? '?'} en file d’attente`,
  redeployQueued: (numero: number | null) =>
    `Redéploiement demandé : construction n° ${numero ?? '?'} en file d’attente`,
  envVarsChanged:
    'Variables d’environnement modifiées : nouvelle version en cours de mise en service',
  sourceChanged: 'Source modifiée : nouvelle construction en file d’attente',
  rollbackRequested: (numero: number) => `Retour à la version ${numero} demandé`,
  /** On the application that receives another environment's release (issue 26 item 1). */
  promotionRequested: (numero: number, from: string, environment: string) =>
    `Promotion demandée : version ${numero} de « ${from} » (${environment}), même image`,
} as const;

export const releaseTexts = {
  notFound: 'Version non trouvée',
  promotionRequested: (numero: number, target: string, environment: string) =>
    `Promotion demandée : la version ${numero} sera mise en service dans « ${target} » (${environment}) dès qu’elle y sera prête, avec les variables et les ressources de cette application. Ses bases de données et ses volumes ne changent pas.`,
  promotionTargetInvalid:
    'Cette application ne peut pas recevoir la version : choisissez une application de code du même projet, construite depuis le même dépôt, dans un autre environnement.',
  rollbackRequested: (numero: number) =>
    `Retour à la version ${numero} demandé : elle remplacera la version actuelle dès qu’elle sera prête. Les bases de données et les volumes ne sont pas restaurés.`,
} as const;

/** Lines the platform writes in a build's log, between the builder's own. */
export const buildLogTexts = {
  cancelled: 'Construction annulée.',
  failed: (message: string) => `Échec : ${message}`,
  readingBranch: (branch: string, repositoryUrl: string) =>
    `Lecture de la branche ${branch} de ${repositoryUrl}…`,
  building: (numero: number | null, sha: string, message: string | null) =>
    `Construction n° ${numero ?? '?'} du commit ${sha}${message ? ` (${message})` : ''}.`,
  truncated: (lines: number) => `… journal tronqué après ${lines} lignes.`,
} as const;

/** Why the push endpoint builds nothing for a signed delivery (the provider shows it). */
export const pushIgnoredTexts = {
  notPush: (event: string) =>
    `Événement « ${event} » ignoré : seuls les push déclenchent un déploiement.`,
  notBranch: 'Ce push ne concerne pas une branche : ignoré.',
  noCommit: 'Ce push supprime la branche ou ne porte aucun commit : ignoré.',
  applicationDeleting: 'Cette application est en cours de suppression : push ignoré.',
  otherBranch: (branch: string, tracked: string) =>
    `Push sur la branche « ${branch} » ignoré : l’application suit « ${tracked} ».`,
} as const;
