import type { ApplicationSpec } from '../../../src/engine/spec';
import {
  loaderImages,
  type ImageRunConfigs,
} from '../../../src/engine/drivers/docker/container-spec';
import type { ImageRunConfig } from '../../../src/engine/drivers/docker/secret-loader';

/**
 * For the tests of plans without an engine: what image-config.ts would read of the images
 * running behind the secrets' loader, here the official Apache-based images' Entrypoint/Cmd.
 */
export const APACHE_IMAGE_RUN: ImageRunConfig = {
  entrypoint: ['docker-entrypoint.sh'],
  cmd: ['apache2-foreground'],
  hasShell: true,
};

export function fakeImageRuns(
  spec: ApplicationSpec,
  run: ImageRunConfig = APACHE_IMAGE_RUN,
): ImageRunConfigs {
  return new Map(loaderImages(spec).map((image) => [image, run]));
}
