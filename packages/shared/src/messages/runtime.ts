/**
 * Why the runtime (docker or Kubernetes) could not run an application: status reasons and the
 * release gate's `reason`, shown on the application's page. Lower-case ones end a sentence
 * (« La version 3 n’a pas démarré : <reason> »).
 */
export const rolloutFailureTexts = {
  deploymentDeleted: 'son Deployment a été supprimé pendant la mise à jour',
  containerGone: 'le conteneur a disparu',
  notReadyIn: (seconds: number) =>
    `elle n’a pas répondu à son test de disponibilité en ${seconds} s (vérifiez le port d’écoute)`,
  quotaNoRoom:
    'le quota du projet ne laisse pas la place de la démarrer à côté de la version en ligne (augmentez le quota ou réduisez les ressources)',
  imagePull: (reason: string, message?: string) =>
    `son image ne peut pas être téléchargée (${reason}${message ? ` : ${message}` : ''})`,
  crashLoop: (restarts: number, exit?: { code: number | undefined; oomKilled: boolean }) =>
    `le conteneur redémarre en boucle (${restarts} redémarrages${exit ? `, code de sortie ${exit.code}${exit.oomKilled ? ', mémoire épuisée' : ''}` : ''})`,
  exited: (code: number, oomKilled: boolean) =>
    `le conteneur s’est arrêté (code de sortie ${code}${oomKilled ? ', mémoire épuisée' : ''})`,
} as const;

/** What a Kubernetes pod's waiting container says, as an application's status reason. */
export const podFailureTexts = {
  imageUnavailable: (image: string, pod: string, reason: string, detail: string) =>
    `Image introuvable ou inaccessible (${image}) pour ${pod} [${reason}]${detail}`,
  outOfMemory: (container: string, pod: string) =>
    `Le conteneur ${container} de ${pod} dépasse sa mémoire et redémarre en boucle [OOMKilled]`,
  crashLoop: (container: string, pod: string, exitCode: number | undefined) =>
    `Le conteneur ${container} de ${pod} s’arrête et redémarre en boucle [CrashLoopBackOff]` +
    (exitCode !== undefined ? ` (code ${exitCode})` : ''),
  cannotStart: (container: string, pod: string, reason: string, detail: string) =>
    `Le conteneur ${container} de ${pod} ne peut pas démarrer [${reason}]${detail}`,
  /** A backup, restore or setup task refused by the environment's quota. */
  jobOverQuota: (
    what: string,
    need: { cpuMilli: number; ramMb: number },
    room: { cpuMilli: number; ramMb: number },
  ) =>
    `${what} ne peut pas démarrer : sa tâche demande ${need.cpuMilli} m de CPU et ${need.ramMb} Mo de mémoire, ` +
    `mais le quota du projet n’en laisse que ${room.cpuMilli} m de CPU et ${room.ramMb} Mo de mémoire de libres dans cet environnement. ` +
    'Augmentez le quota du projet ou réduisez les ressources d’une application, puis réessayez.',
} as const;
