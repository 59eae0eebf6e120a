/**
 * What the deployment engine writes on applications and environments as it brings them to
 * their desired state: history events and status reasons (shown on the application's page),
 * in the customer's words: no runtime name, no « révision » (issue 33 item 6).
 */
export const reconcileTexts = {
  applied: (generation: number) =>
    generation === 1
      ? 'Configuration appliquée (première mise en route)'
      : `Configuration appliquée (modification n° ${generation - 1})`,
  objectsMissing: 'Éléments de l’application absents du serveur : nouveau déploiement',
  restarted: 'Redémarrage effectué',
  available: (readyReplicas: number) =>
    `Application disponible (${readyReplicas} instance(s) prête(s))`,
  failed: (reason: string | null | undefined) =>
    `Échec : ${reason ?? 'le serveur d’exécution signale une erreur'}`,
  runtimeUnreachable: (attempt: number, retryInSeconds: number) =>
    `Serveur d’exécution injoignable (tentative ${attempt}) : nouvel essai dans ${retryInSeconds} s`,
  internalError: 'Erreur interne du moteur de déploiement',
  driftRepaired: (drift: string) => `Écart corrigé sur le serveur : ${drift}`,
} as const;

export const environmentReconcileTexts = {
  runtimeUnreachable: (attempt: number) =>
    `Serveur d’exécution injoignable (tentative ${attempt}) : nouvel essai automatique.`,
  refused: (reason: string) => `Le serveur d’exécution a refusé l'environnement : ${reason}`,
} as const;

/** A new release that did not start while the previous one keeps serving. */
export const releaseGateTexts = {
  notLive: (failed: string, serving: string, reason: string) =>
    `${failed} n’a pas démarré : ${reason} ; ${serving} reste en ligne.`,
  release: (numero: number) => `La version ${numero}`,
  servingRelease: (numero: number) => `la version ${numero}`,
  newRelease: 'La nouvelle version',
  previousRelease: 'la version précédente',
} as const;
