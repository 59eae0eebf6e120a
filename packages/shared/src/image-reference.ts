import { IMAGE_PATTERN, TAG_PATTERN } from './schemas/deployments';

/** Where Docker Hub's short names (`nginx`, `acme/api`) live. */
export const DOCKER_HUB = 'docker.io';

export interface ImageReference {
  /** The repository without its tag, as the user wrote it (`ghcr.io/acme/api`, `nginx`). */
  repository: string;
  /** The tag (`latest` when none was written). */
  tag: string;
  /** The registry host the image is pulled from (`ghcr.io`, `127.0.0.1:5000`, `docker.io`). */
  registry: string;
}

/**
 * `ghcr.io/acme/api:1.4` → its repository, tag and registry, or null when it is not an image
 * reference the platform runs (a digest reference `@sha256:…` included: the platform follows
 * a tag). Docker's rule for the registry: the first path component is a host when it has a
 * dot or a port, or is `localhost`; otherwise the image is on Docker Hub.
 */
export function parseImageReference(input: string): ImageReference | null {
  const ref = input.trim();
  if (ref.includes('@')) return null;
  const lastSlash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  const hasTag = colon > lastSlash;
  const repository = hasTag ? ref.slice(0, colon) : ref;
  const tag = hasTag ? ref.slice(colon + 1) : 'latest';
  if (!IMAGE_PATTERN.test(repository) || !TAG_PATTERN.test(tag)) return null;
  return { repository, tag, registry: registryOf(repository) };
}

/** The registry host of a repository (see parseImageReference). */
export function registryOf(repository: string): string {
  const slash = repository.indexOf('/');
  if (slash < 0) return DOCKER_HUB;
  const first = repository.slice(0, slash);
  if (first.includes('.') || first.includes(':') || first === 'localhost') {
    return first === 'index.docker.io' || first === 'registry-1.docker.io' ? DOCKER_HUB : first;
  }
  return DOCKER_HUB;
}

/** `registre.exemple.sn`, `127.0.0.1:5000`, `localhost:5000`: a host and an optional port. */
export const REGISTRY_HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** The registry as stored: lower case, Docker Hub's aliases folded to `docker.io`. */
export function normaliseRegistry(host: string): string {
  const h = host.trim().toLowerCase();
  return h === 'index.docker.io' || h === 'registry-1.docker.io' ? DOCKER_HUB : h;
}

/** `sha256:0123456789ab…`: enough of a digest to tell two versions apart on a screen. */
export const shortDigest = (digest: string) => `${digest.slice(0, 19)}…`;
