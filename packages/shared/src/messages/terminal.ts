/** Every French text of the browser terminal (issue 29, item 3). */

/** Why a terminal was refused or closed: the API sends them, the page shows them. */
export const terminalTexts = {
  noShell:
    "Cette image ne contient pas de shell (/bin/sh ou /bin/bash) : impossible d'ouvrir un terminal dans cette instance.",
  noRunningReplica:
    "Aucune instance de l'application n'est en marche : un terminal ne s'ouvre que dans une instance démarrée.",
  unknownReplica: (name: string) =>
    `L'instance « ${name} » n'appartient pas à cette application ou n'est pas en marche.`,
  needsRealRuntime:
    "Le terminal a besoin d'un vrai runtime (docker ou kubernetes) : en mode simulation, aucun conteneur n'existe.",
  notDeployed:
    "L'application n'est pas en service : un terminal ne s'ouvre que dans une application déployée.",
  runtimeUnavailable:
    'Le runtime ne répond pas : le terminal ne peut pas s’ouvrir pour le moment. Réessayez dans un instant.',
  unexpected: "Le terminal n'a pas pu s'ouvrir à cause d'une erreur inattendue.",
  runtimeRefused: (reason: string) => `Le runtime a refusé d'ouvrir le terminal : ${reason}`,
  closedIdle: (minutes: number) => `Terminal fermé après ${minutes} minute(s) sans activité.`,
  closedRevoked:
    "Terminal fermé : votre session a pris fin ou votre rôle ne permet plus d'ouvrir un terminal sur ce projet.",
  closedExit: (code: number | null) =>
    code === null ? 'Le shell est terminé.' : `Le shell est terminé (code de sortie ${code}).`,
  closedByUser: 'Terminal fermé.',
  closedShutdown: 'Terminal fermé : la plateforme redémarre.',
} as const;

/** Labels of the terminal page. */
export const terminalLabels = {
  open: 'Terminal',
  pageTitle: (app: string) => `Terminal — ${app}`,
  back: "Retour à l'application",
  replica: 'Instance',
  firstReplica: 'Première instance en marche',
  instance: (n: number, name: string) => `Instance ${n} (${name})`,
  forbidden: 'Le terminal est réservé aux développeurs et administrateurs du projet.',
  connecting: 'Connexion…',
  connected: (replica: string) => `Connecté à ${replica}`,
  closed: 'Déconnecté',
  reconnect: 'Se reconnecter',
  disconnect: 'Fermer',
  refusedUnknown:
    'La connexion au terminal a été refusée (session expirée, droits insuffisants ou application indisponible).',
  lostConnection: 'La connexion au terminal a été perdue.',
  hint: "Le shell s'exécute dans le conteneur de l'application. Les commandes tapées ne sont pas enregistrées ; l'ouverture et la fermeture le sont dans le journal d'audit.",
} as const;

/** The API reference's texts (OpenAPI). */
export const terminalApiDocs = {
  summary: 'Ouvrir un terminal (WebSocket)',
  description:
    "Connexion WebSocket vers un shell dans une instance (réplica) en marche. Paramètres : replica (facultatif), cols, rows. Messages du client : {type:'input', data} et {type:'resize', cols, rows} ; le serveur envoie la sortie du terminal en binaire et {type:'ready'|'closed', …} en texte. Réservé aux développeurs et administrateurs du projet ; un jeton en lecture seule est refusé.",
} as const;

/** How a session ended, as the audit log shows it. */
export const terminalEndingLabels: Record<string, string> = {
  exit: 'shell terminé',
  client: 'fermé par l’utilisateur',
  idle: 'fermé pour inactivité',
  revoked: 'fermé : accès retiré',
  shutdown: 'fermé : redémarrage de la plateforme',
};

/** A terminal session's audit entry in words: instance, duration, how it ended. */
export function terminalSessionSummary(details: Record<string, unknown>): string {
  const seconds = Number(details.duree_secondes);
  const duration =
    seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
  const ending = terminalEndingLabels[String(details.fin)] ?? String(details.fin);
  const code = details.code_sortie === undefined ? '' : ` (code ${String(details.code_sortie)})`;
  const where = typeof details.replica === 'string' ? `instance ${details.replica} · ` : '';
  return `${where}durée ${duration} · ${ending}${code}`;
}
