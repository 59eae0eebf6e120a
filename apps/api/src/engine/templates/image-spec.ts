import { imageTypeOf } from '@nuage/shared/image-type';
import { LABELS, type ApplicationSpec, type ProbeSpec, type RegistryCredentials } from '../spec';
import { buildCodeApplicationSpec, type CodeSpecInput } from './code-spec';

/** Where an image application's volume is mounted when the user says nothing. */
export const DEFAULT_IMAGE_DATA_PATH = '/data';

export interface ImageSpecInput extends CodeSpecInput {
  image: {
    /** Replaces the image's CMD; null = the image's own. */
    command: string[] | null;
    /** An HTTP path answering 2xx/3xx once the application serves; null = a TCP check. */
    healthPath: string | null;
    dataPath: string | null;
    credentials: RegistryCredentials | null;
  };
}

function httpProbes(port: number, path: string): { readiness: ProbeSpec; liveness: ProbeSpec } {
  return {
    readiness: {
      check: { kind: 'http', path, port },
      initialDelaySeconds: 2,
      periodSeconds: 5,
      timeoutSeconds: 3,
      failureThreshold: 60,
    },
    liveness: {
      check: { kind: 'http', path, port },
      initialDelaySeconds: 30,
      periodSeconds: 20,
      timeoutSeconds: 5,
      failureThreshold: 6,
    },
  };
}

/**
 * Any image the user names (issue 30): run exactly as a code application's release is (one
 * component, the user's variables and secrets, the same hardening: capabilities dropped but
 * codeSecurity's, no privilege escalation, no host path, the environment's network only), with
 * the user's command, an HTTP health check when a path is given, the volume where the user
 * wants it, and the project's registry credentials for the pull. Its type label comes from the
 * image (SPEC §4: `python`, `node`, `web`…, else `image`).
 */
export function buildImageApplicationSpec(input: ImageSpecInput): ApplicationSpec {
  const base = buildCodeApplicationSpec(input);
  const { command, healthPath, dataPath, credentials } = input.image;
  const port = base.app.port;
  // Once the watch of new versions redeployed it (modules/image-watch), the application runs
  // the digest it read, on every runtime: `repository@sha256:…` is pulled and run as it is.
  const { imageDigest, ...app } = base.app;
  const pinned = imageDigest ? `${repositoryOf(input.deployment.image)}@${imageDigest}` : null;
  return {
    ...base,
    labels: { ...base.labels, [LABELS.name]: imageTypeOf(input.deployment.image) },
    app: {
      ...app,
      ...(pinned ? { image: pinned } : {}),
      ...(command && command.length > 0 ? { command } : {}),
      ...(healthPath ? httpProbes(port, healthPath) : {}),
      volume: { ...base.app.volume, mountPath: dataPath ?? DEFAULT_IMAGE_DATA_PATH },
    },
    userImage: { credentials },
  };
}

/** `registry/name:tag` → `registry/name` (a port's colon comes before the last slash). */
function repositoryOf(image: string): string {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? image.slice(0, colon) : image;
}
