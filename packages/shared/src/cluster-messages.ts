/**
 * What the Kubernetes runtime tells users when the cluster refuses or delays something: the
 * namespace's quota (an environment's share of the project's), the rights of the platform in a
 * namespace, a namespace being deleted. Never the API server's English: its facts, in French.
 */

/** An amount of one resource, as the platform writes it. */
export type ClusterResource = 'cpu' | 'memory' | 'storage' | 'pods' | 'services';

export const resourceAmount = (resource: ClusterResource, amount: number): string => {
  switch (resource) {
    case 'cpu':
      return `${amount} m de CPU`;
    case 'memory':
      return `${amount} Mo de mémoire`;
    case 'storage':
      return `${amount} Mo de stockage`;
    case 'pods':
      return `${amount} pod(s)`;
    case 'services':
      return `${amount} service(s)`;
  }
};

/** One resource the quota lacks: what is asked, what is used, the limit. */
export interface QuotaShortfall {
  resource: ClusterResource;
  requested: number;
  used: number;
  limit: number;
}

const UNITS: Record<ClusterResource, string> = {
  cpu: ' m',
  memory: ' Mo',
  storage: ' Mo',
  pods: '',
  services: '',
};

const shortfallText = (s: QuotaShortfall) =>
  `${resourceAmount(s.resource, s.requested)} demandés, ${s.used}${UNITS[s.resource]} utilisés sur ${s.limit}${UNITS[s.resource]}`;

/** « 500 m demandés, 1500 m utilisés sur 2000 m ; … »: what each resource of a quota refusal lacks. */
export const quotaShortfallsText = (shortfalls: QuotaShortfall[]) =>
  shortfalls.map(shortfallText).join(' ; ');

/** CPU and memory a rollout or a task lacks (null: that one is enough). */
export interface Missing {
  cpuMilli: number | null;
  ramMb: number | null;
}

const missingText = (m: Missing) =>
  [
    m.cpuMilli !== null ? resourceAmount('cpu', m.cpuMilli) : null,
    m.ramMb !== null ? resourceAmount('memory', m.ramMb) : null,
  ]
    .filter(Boolean)
    .join(' et ');

export const clusterMessages = {
  /** A Deployment's ReplicaSet could not create a pod: the namespace's quota is full. */
  podsRefusedByQuota: (shortfalls: QuotaShortfall[]) =>
    `Kubernetes ne peut pas créer de pod pour l’application : le quota de l’environnement est atteint (${shortfalls.map(shortfallText).join(' ; ')}). Augmentez le quota du projet ou réduisez les ressources d’une application.`,
  podsRefusedTerminating:
    'Kubernetes ne peut pas créer de pod pour l’application : son environnement est en cours de suppression.',
  podsRefusedPodSecurity:
    'Kubernetes refuse les pods de l’application : ils enfreignent la politique de sécurité des pods de l’environnement.',
  podsRefusedRights:
    'Kubernetes refuse de créer les pods de l’application : la plateforme n’a pas les droits nécessaires dans cet environnement. Contactez l’administrateur de la plateforme.',
  podsRefused: (reason: string) =>
    `Kubernetes refuse de créer les pods de l’application (${reason}). Contactez l’administrateur de la plateforme.`,
  rolloutDeadline: (seconds: number) =>
    `Le déploiement n’a pas abouti dans le délai imparti (${seconds} s).`,

  /** The rollout cannot fit beside what else runs in the environment, whatever its pace. */
  rolloutNoRoom: (missing: Missing) =>
    `le quota du projet ne laisse pas la place de la démarrer à côté de la version en ligne (il manque ${missingText(missing)} dans cet environnement ; augmentez le quota ou réduisez les ressources)`,
  /** The setup task (wp-cli, Odoo's init…) cannot start beside the application. */
  setupNoRoom: (need: { cpuMilli: number; ramMb: number }, missing: Missing) =>
    `L’initialisation de l’application ne peut pas démarrer : sa tâche demande ${resourceAmount('cpu', need.cpuMilli)} et ${resourceAmount('memory', need.ramMb)} en plus de l’application, et il en manque ${missingText(missing)} dans le quota de cet environnement. Augmentez le quota du projet ou réduisez les ressources d’une application, puis modifiez l’application pour relancer son déploiement.`,
  /**
   * A Kaniko build pod that the namespace's quota cannot hold: which resource, how much is
   * free, and the platform setting behind the request (BUILD_CPU in cores, BUILD_RAM_MB in MiB).
   */
  buildNoRoom: (opts: {
    need: { cpuMilli: number; ramMb: number };
    free: { cpuMilli: number; ramMb: number };
    limit: { cpuMilli: number; ramMb: number };
    settings: { cpuMilli: number; ramMib: number };
    cpuShort: boolean;
    ramShort: boolean;
  }) => {
    const parts: string[] = [];
    if (opts.cpuShort)
      parts.push(
        `${resourceAmount('cpu', opts.need.cpuMilli)} (BUILD_CPU=${opts.settings.cpuMilli / 1000}) mais le quota de l’environnement n’en laisse que ${opts.free.cpuMilli} m de libres (sur ${opts.limit.cpuMilli} m)`,
      );
    if (opts.ramShort)
      parts.push(
        `${resourceAmount('memory', opts.need.ramMb)} (BUILD_RAM_MB=${opts.settings.ramMib}) mais le quota de l’environnement n’en laisse que ${opts.free.ramMb} Mo de libres (sur ${opts.limit.ramMb} Mo)`,
      );
    const knobs = [opts.cpuShort ? 'BUILD_CPU' : null, opts.ramShort ? 'BUILD_RAM_MB' : null]
      .filter(Boolean)
      .join(' et ');
    return `La construction ne peut pas démarrer dans le cluster : son pod demande ${parts.join(', et ')}. Augmentez le quota du projet (ou libérez des ressources dans cet environnement), ou demandez à l’administrateur de la plateforme de réduire ${knobs}.`;
  },

  /** The platform may not yet (or no longer) act in a namespace. */
  namespaceForbidden: (namespace: string) =>
    `Kubernetes refuse l’accès de la plateforme au namespace ${namespace} : sa RoleBinding nuagedeploy-tenant n’y est pas (ou plus). Vérifiez les droits du compte de la plateforme (deploy/kubernetes/platform.yaml).`,
  /** An environment deleted on Kubernetes, waiting for its namespace to finalise. */
  environmentFinalising:
    'Suppression en cours : Kubernetes finalise le namespace de l’environnement et libère son quota.',
} as const;
