import { RuntimeRejectedError, type ImagePreparation } from '../../driver';
import { checkImageRef } from './spec-checks';
import type { EngineApi } from './engine-api';

/**
 * A pull failed: the application fails with this reason. The preparations done so far
 * (the failed pull included) ride on the error so the built-images history still gets them.
 */
export class ImagePullError extends RuntimeRejectedError {
  constructor(
    message: string,
    readonly preparations: ImagePreparation[],
  ) {
    super(message);
    this.name = 'ImagePullError';
  }
}

/** Pulls every image not present locally; only pulls actually attempted are reported. */
export async function ensureImages(
  api: EngineApi,
  images: string[],
  pullTimeoutMs: number,
): Promise<ImagePreparation[]> {
  const preparations: ImagePreparation[] = [];
  for (const image of [...new Set(images)]) {
    checkImageRef(image);
    if (await api.imageExists(image)) continue;
    const startedAt = new Date();
    const error = await api.pullImage(image, pullTimeoutMs);
    // Some engines report success and still have nothing: the local store is the truth.
    const present = await api.imageExists(image);
    const failure = present ? null : (error ?? 'the engine reported no error but has no image');
    preparations.push({
      image,
      kind: 'pull',
      status: failure ? 'failed' : 'success',
      startedAt,
      completedAt: new Date(),
      error: failure,
    });
    if (failure) {
      throw new ImagePullError(`image ${image} could not be pulled: ${failure}`, preparations);
    }
  }
  return preparations;
}
