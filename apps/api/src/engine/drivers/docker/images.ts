import { RuntimeRejectedError, type ImagePreparation } from '../../driver';
import type { RegistryCredentials } from '../../spec';
import { checkImageRef } from './spec-checks';
import type { EngineApi } from './engine-api';
import { pullFailureText } from './pull-failure';

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

/**
 * An image the user named (issue 30): pulled with the project's credentials (or none), and
 * pulled again even when the engine has it. The engine's store is shared by every project on
 * the host: without the pull, a private image another project pulled would run for a project
 * that has no right to it. The pull of a present image only asks the registry for its manifest.
 */
export interface UserImagePull {
  image: string;
  credentials: RegistryCredentials | null;
}

/** Pulls every image not present locally (and the user's image always); only pulls attempted are reported. */
export async function ensureImages(
  api: EngineApi,
  images: string[],
  pullTimeoutMs: number,
  userImage: UserImagePull | null = null,
): Promise<ImagePreparation[]> {
  const preparations: ImagePreparation[] = [];
  for (const image of [...new Set(images)]) {
    checkImageRef(image);
    const user = userImage?.image === image ? userImage : null;
    if (!user && (await api.imageExists(image))) continue;
    const startedAt = new Date();
    const error = await api.pullImage(image, pullTimeoutMs, user?.credentials);
    // Some engines report success and still have nothing: the local store is the truth. The
    // user's image must have been pulled now, whatever the store held before.
    const present = user ? error === null : await api.imageExists(image);
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
      throw new ImagePullError(
        pullFailureText(image, failure, Boolean(user?.credentials)),
        preparations,
      );
    }
  }
  return preparations;
}
