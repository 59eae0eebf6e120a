import { LABELS, MANAGED_BY, type ApplicationSpec, type EnvVar, type ProbeSpec } from '../spec';
import { applicationName } from './build-spec';
import type { SecurityProfile } from './security';
import { securityReasons } from '@nuage/shared/messages/security-profiles';

/** Where a code application's volume is mounted (1 GB, counted in the project's storage quota). */
export const CODE_DATA_PATH = '/data';
/** A registry manifest digest, as Kaniko reports it. */
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Port before the first build says otherwise (never used to run: no release, nothing runs). */
export const DEFAULT_CODE_PORT = 8080;

/**
 * User images are not ours to audit: most official bases (node, python, php) start as root, so
 * they keep what such an image needs to drop to its own user and bind its port; everything else
 * (NET_RAW, SYS_*, MKNOD…) is dropped.
 */
export const codeSecurity: SecurityProfile = {
  capabilities: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID', 'NET_BIND_SERVICE', 'KILL'],
  runAsUser: null,
  runAsGroup: null,
  fsGroup: null,
  reason: securityReasons.codeImage,
};

export interface CodeSpecInput {
  deployment: {
    id: string;
    projectId: string;
    environmentId: string;
    nom: string;
    runtimeName: string;
    hostLabel: string;
    /** The current release's image (`registry/name:tag`). */
    image: string;
    /** Its registry digest (null before the first build). */
    imageDigest?: string | null;
    port: number | null;
    cpuMilli: number;
    ramMb: number;
    storageMb: number;
    replicas: number;
    domain: string | null;
    generation: number;
  };
  /** The user's variables in clear; secret ones go through the application's Secret. */
  envVars: { name: string; value: string; secret: boolean }[];
  namespace: string;
  certificate: { certificatePem: string; privateKeyPem: string } | null;
}

function tcpProbes(port: number): { readiness: ProbeSpec; liveness: ProbeSpec } {
  return {
    readiness: {
      check: { kind: 'tcp', port },
      initialDelaySeconds: 2,
      periodSeconds: 5,
      timeoutSeconds: 3,
      failureThreshold: 60,
    },
    liveness: {
      check: { kind: 'tcp', port },
      initialDelaySeconds: 30,
      periodSeconds: 20,
      timeoutSeconds: 5,
      failureThreshold: 6,
    },
  };
}

/**
 * A code application: one component running its release's image on its port, the user's
 * environment (plus PORT, which most frameworks read), a TCP readiness probe (any HTTP path may
 * legitimately answer 404), no database and no setup task.
 */
export function buildCodeApplicationSpec(input: CodeSpecInput): ApplicationSpec {
  const d = input.deployment;
  const name = d.runtimeName || applicationName('code', d.nom, d.id);
  const port = d.port ?? DEFAULT_CODE_PORT;
  const labels = {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.name]: 'code',
    [LABELS.instance]: name,
    [LABELS.deploymentId]: d.id,
    [LABELS.environmentId]: d.environmentId,
    [LABELS.projectId]: d.projectId,
  };
  const secretData: ApplicationSpec['secretData'] = {};
  const env: EnvVar[] = input.envVars.map((v) => {
    if (!v.secret) return { name: v.name, value: v.value };
    secretData[`env-${v.name}`] = v.value;
    return { name: v.name, secretKey: `env-${v.name}` as const };
  });
  if (!env.some((v) => v.name === 'PORT')) env.unshift({ name: 'PORT', value: String(port) });
  return {
    deploymentId: d.id,
    generation: d.generation,
    name,
    hostLabel: d.hostLabel,
    namespace: input.namespace,
    template: 'code',
    labels,
    replicas: d.replicas,
    secretName: `${name}-secrets`,
    secretData,
    app: {
      name,
      image: d.image,
      ...(d.imageDigest && DIGEST.test(d.imageDigest) ? { imageDigest: d.imageDigest } : {}),
      port,
      env,
      cpuMilli: d.cpuMilli,
      ramMb: d.ramMb,
      ...tcpProbes(port),
      volume: { claimName: `${name}-data`, mountPath: CODE_DATA_PATH, sizeMb: d.storageMb },
      security: codeSecurity,
    },
    database: null,
    setup: null,
    service: { name, port, targetPort: port },
    ingress: d.domain
      ? {
          name,
          host: d.domain,
          tls: input.certificate ? { secretName: `${name}-tls`, ...input.certificate } : null,
        }
      : null,
  };
}
