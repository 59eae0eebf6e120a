/**
 * What the deployment engine writes on applications and environments as it brings them to
 * their desired state: history events and status reasons (shown on the application's page).
 */
export const reconcileTexts = {
  applied: (runtime: string, generation: number) =>
    `Configuration appliquée sur le runtime ${runtime} (révision ${generation})`,
  objectsMissing: 'Objets absents du runtime : nouveau déploiement',
  restarted: 'Redémarrage effectué',
  available: (readyReplicas: number) =>
    `Application disponible (${readyReplicas} réplica(s) prêt(s))`,
  failed: (reason: string | null | undefined) =>
    `Échec : ${reason ?? 'le runtime signale une erreur'}`,
  runtimeUnreachable: (attempt: number, retryInSeconds: number) =>
    `Runtime injoignable (tentative ${attempt}) : nouvel essai dans ${retryInSeconds} s`,
  internalError: 'Erreur interne du moteur de déploiement',
  driftRepaired: (drift: string) => `Écart corrigé sur le runtime : ${drift}`,
} as const;

export const environmentReconcileTexts = {
  runtimeUnreachable: (attempt: number) =>
    `Runtime injoignable (tentative ${attempt}) : nouvel essai automatique.`,
  refused: (reason: string) => `Le runtime a refusé l'environnement : ${reason}`,
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
