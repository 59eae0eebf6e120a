import { BuildFailedError } from '../builder';
import { streamEngineRequest } from './build-request';
import { builderFailureTexts, builderLogTexts } from '@nuage/shared/messages/builder';

/** REGISTRY_URL (+ REGISTRY_USERNAME / REGISTRY_PASSWORD): where built images are pushed. */
export interface RegistrySettings {
  /** Registry host and optional path prefix, e.g. `registry.example.com/nuage`. */
  url: string;
  username?: string;
  password?: string;
}

/** Pushes the built image and returns its registry digest (what a release pins). */
export async function pushImage(
  socketPath: string,
  imageRef: string,
  registry: RegistrySettings,
  onLog: (line: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const colon = imageRef.lastIndexOf(':');
  const name = imageRef.slice(0, colon);
  const tag = imageRef.slice(colon + 1);
  const auth = Buffer.from(
    JSON.stringify({
      username: registry.username ?? '',
      password: registry.password ?? '',
      serveraddress: registry.url.split('/')[0],
    }),
  )
    .toString('base64')
    // base64url with its padding: what the Docker CLI sends and what Podman's decoder expects.
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  let digest: string | null = null;
  let error: string | null = null;
  let buffer = '';
  onLog(builderLogTexts.pushing(registry.url.split('/')[0] ?? registry.url));
  const answer = await streamEngineRequest(socketPath, 'POST', `/images/${name}/push`, {
    query: { tag },
    headers: { 'x-registry-auth': auth },
    signal,
    onData: (chunk) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line) continue;
        try {
          const msg = JSON.parse(line) as {
            status?: string;
            error?: string;
            aux?: { Digest?: string };
            progressDetail?: unknown;
          };
          if (msg.aux?.Digest) digest = msg.aux.Digest;
          if (msg.error) error = msg.error;
          const found = /digest: (sha256:[0-9a-f]{64})/.exec(msg.status ?? '');
          if (found) digest = found[1]!;
        } catch {
          // podman may print plain text lines
          const found = /(sha256:[0-9a-f]{64})/.exec(line);
          if (found) digest = found[1]!;
        }
      }
    },
  });
  if (answer.status >= 400 || error)
    throw new BuildFailedError(
      builderFailureTexts.pushFailed(error ?? engineMessage(answer.errorBody)),
    );
  if (!digest) throw new BuildFailedError(builderFailureTexts.pushWithoutDigest);
  return digest;
}

function engineMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (parsed.message) return parsed.message;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300);
}
