import { existsSync } from 'node:fs';
import { EngineClient } from './engine-client';

/**
 * Where the Docker Engine API listens: DOCKER_HOST (unix:// only: the driver speaks over a
 * unix socket), else Docker's socket, else rootful then rootless Podman's. Null when none is
 * configured or present. RUNTIME=auto uses this, then dockerEngineAnswers().
 */
export function dockerSocketPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const host = env.DOCKER_HOST?.trim();
  if (host) return host.startsWith('unix://') ? host.slice('unix://'.length) : null;
  const candidates = [
    '/var/run/docker.sock',
    '/run/podman/podman.sock',
    ...(env.XDG_RUNTIME_DIR ? [`${env.XDG_RUNTIME_DIR}/podman/podman.sock`] : []),
  ];
  return candidates.find((p) => exists(p)) ?? null;
}

/** True when an engine answers `GET /_ping` on that socket within the timeout. */
export async function dockerEngineAnswers(socketPath: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const res = await new EngineClient(socketPath, timeoutMs).send('GET', '/_ping');
    return res.status === 200;
  } catch {
    return false;
  }
}
