import { registryOf } from '@nuage/shared/image-reference';
import { imagePullTexts } from '@nuage/shared/messages/images';

const AUTH =
  /unauthori[sz]ed|authentication required|\bstatus 401\b|denied|invalid username|incorrect username|no basic auth credentials/i;
const NOT_FOUND =
  /manifest unknown|name unknown|not found|\bstatus 404\b|does not exist|no such image/i;
const UNREACHABLE =
  /connection refused|no such host|i\/o timeout|timeout|network is unreachable|tls|x509|server gave http response|dial tcp/i;

/** `ghcr.io/acme/api:1.4` → `ghcr.io/acme/api`. */
function repositoryOf(image: string): string {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? image.slice(0, colon) : image;
}

/**
 * Why a pull failed, in French for the user (the application fails with it): the engine's own
 * text is English and varies between Docker and Podman, so it is sorted by what it says.
 * `withCredentials`: the pull carried the project's credentials (a 401 then means they are
 * wrong, not missing).
 */
export function pullFailureText(
  image: string,
  engineText: string,
  withCredentials: boolean,
): string {
  const registry = registryOf(repositoryOf(image));
  // Docker Hub answers « pull access denied … may require 'docker login' » for a missing image too.
  if (AUTH.test(engineText)) {
    return withCredentials
      ? imagePullTexts.refusedCredentials(registry)
      : /requested access to the resource is denied|does not exist/i.test(engineText)
        ? imagePullTexts.notFound(image)
        : imagePullTexts.authenticationRequired(registry);
  }
  if (NOT_FOUND.test(engineText)) return imagePullTexts.notFound(image);
  if (UNREACHABLE.test(engineText)) return imagePullTexts.unreachable(registry);
  return imagePullTexts.failed(image, engineText);
}
