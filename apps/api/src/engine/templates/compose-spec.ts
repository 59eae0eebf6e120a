import { RuntimeRejectedError } from '../driver';
import { parseCompose } from '../compose/parse-compose';
import { parseImageReference } from '@nuage/shared/image-reference';
import {
  LABELS,
  type ApplicationSpec,
  type RegistryCredentials,
  type StackServiceSpec,
} from '../spec';
import { credentialsForImage } from '../specs/project-registry-credentials';
import { buildCodeApplicationSpec, codeSecurity, type CodeSpecInput } from './code-spec';
import type { Capability } from './security';
import { stackEnvKey } from '../manifests/stack';

export interface ComposeSpecInput extends Omit<CodeSpecInput, 'envVars'> {
  /** The pasted docker-compose.yml, unsealed (never logged: its environment holds passwords). */
  file: string;
  exposedService: string;
  /** The services whose image the platform built from the repository (compose-settings.ts). */
  builtServices?: ReadonlySet<string>;
  /**
   * The project's registry credentials (its own only): a service whose image's registry has
   * one is pulled with it, as an image application is with the one its user chose.
   */
  registryCredentials?: readonly RegistryCredentials[];
}

/** A named volume's object name: `<application>-<volume>` (lower case, DNS-1123). */
const volumeObjectName = (app: string, volume: string) =>
  `${app}-${volume.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.replace(/-+$/, '');

/**
 * A Compose application (issue 30 item 2): every service of its file as a StackServiceSpec, in
 * start order, hardened as image applications are (the templates' capabilities at most, less
 * the file's `cap_drop`; no privilege, host path, device or host namespace: the file was
 * refused otherwise). `app` is the exposed service, so the proxy, the Ingress, the status and
 * the logs find it as for any application; its volume field is not used for a stack.
 */
export function buildComposeApplicationSpec(input: ComposeSpecInput): ApplicationSpec {
  const parsed = parseCompose(input.file);
  // Deployed files were checked; a file the rules now refuse is not run.
  if (!parsed.ok) throw new RuntimeRejectedError(parsed.problems.join(' ; '));
  const { stack } = parsed;
  const exposed = stack.services.find((s) => s.name === input.exposedService);
  if (!exposed) throw new RuntimeRejectedError(`no service ${input.exposedService} in the file`);
  const base = buildCodeApplicationSpec({ ...input, envVars: [] });
  const port = base.app.port;
  const sizes = new Map(stack.volumes.map((v) => [v.name, v.sizeMb]));
  const services: StackServiceSpec[] = stack.services.map((s) => ({
    name: `${base.name}-${s.name}`,
    serviceName: s.name,
    image: s.image,
    command: s.command,
    entrypoint: s.entrypoint,
    env: s.environment,
    cpuMilli: s.cpuMilli,
    ramMb: s.ramMb,
    volumes: s.volumes.map((v) => ({
      claimName: volumeObjectName(base.name, v.volume),
      mountPath: v.target,
      sizeMb: sizes.get(v.volume) ?? 0,
      readOnly: v.readOnly,
    })),
    dependsOn: s.dependsOn.map((d) => ({ serviceName: d.service, healthy: d.healthy })),
    healthcheck: s.healthcheck,
    port: s.name === exposed.name ? port : null,
    user: s.user,
    workingDir: s.workingDir,
    security: { ...codeSecurity, capabilities: s.capabilities as Capability[] },
    ...(input.builtServices?.has(s.name)
      ? { platformBuilt: true, pullCredentials: null }
      : {
          pullCredentials: credentialsForImage(
            parseImageReference(s.image)?.registry ?? null,
            input.registryCredentials ?? [],
          ),
        }),
  }));
  const first = services.find((s) => s.serviceName === exposed.name)!;
  // Kubernetes reads each variable from the application's Secret (manifests/stack.ts).
  const secretData: ApplicationSpec['secretData'] = {};
  for (const s of services) {
    s.env.forEach((v, i) => {
      secretData[stackEnvKey(s.serviceName, i)] = v.value;
    });
  }
  return {
    ...base,
    labels: { ...base.labels, [LABELS.name]: 'compose' },
    secretData,
    app: {
      ...base.app,
      image: exposed.image,
      ...(exposed.command ? { command: exposed.command } : {}),
      env: exposed.environment,
      cpuMilli: exposed.cpuMilli,
      ramMb: exposed.ramMb,
      volume: first.volumes[0]
        ? {
            claimName: first.volumes[0].claimName,
            mountPath: first.volumes[0].mountPath,
            sizeMb: first.volumes[0].sizeMb,
          }
        : { ...base.app.volume, sizeMb: 0 },
      security: first.security,
    },
    replicas: 1,
    stack: { services, exposed: exposed.name, port },
  };
}
