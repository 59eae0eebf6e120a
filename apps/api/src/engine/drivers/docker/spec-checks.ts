import { RuntimeRejectedError } from '../../driver';

/**
 * The checks every value bound for the engine passes: names, image references and paths come
 * from the platform, and one that does not look like it is refused before the engine sees it.
 */

/** Container and volume names: lower-case DNS-ish, what Docker and Podman both accept. */
export const CONTAINER_NAME = /^[a-z0-9][a-z0-9.-]{0,127}$/;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/;
export const ABSOLUTE_PATH = /^\/[^\0:]*$/;

export function check(ok: boolean, message: string): void {
  if (!ok) throw new RuntimeRejectedError(message);
}

export function checkImageRef(image: string): void {
  check(IMAGE_REF.test(image), `invalid image reference: ${JSON.stringify(image)}`);
}
