import { RuntimeRejectedError } from '../../driver';
import { isDnsLabel } from '../../manifests/meta';
import type { KubeObject } from '../../manifests/types';
import type { ApplicationRef } from '../../spec';
import { checkedNamespace } from './guards';
import {
  CONTENT_TYPES,
  FIELD_MANAGER,
  KubeApiRejection,
  type KubeClient,
  isNotFound,
} from './kube-client';
import { collectionPath, objectPath, type ObjectRef } from './paths';
import { type Obj, type WatchCache, isWatchedKind } from './watch-cache';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

const BACKGROUND = { propagationPolicy: 'Background' };

/**
 * How the driver writes to the cluster: server-side apply of what it renders (strict field
 * validation, the platform's field manager, forced), merge patches of a Deployment (scale,
 * restart), deletes that tolerate "already gone", and label-selected lists.
 */
export class ObjectWriter {
  constructor(
    private readonly client: KubeClient,
    private readonly cache: WatchCache,
  ) {}

  /** Applies the object; answers what the API server stored (with its generation and status). */
  async apply(object: KubeObject): Promise<Obj> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.serverSideApply(object);
      } catch (error) {
        // A Job's pod template is immutable; the setup is idempotent, so a changed one is
        // recreated. Another apply (drift repair) may recreate the old one between the delete
        // and this apply: a few attempts.
        if (
          object.kind !== 'Job' ||
          !(error instanceof KubeApiRejection) ||
          !/immutable/.test(error.message) ||
          attempt >= 3
        )
          throw error;
        await this.delete(object);
      }
    }
  }

  /**
   * Strict: a field the API server does not know is an error, not a silent drop. force: the
   * platform owns what it renders; a change made by hand (another field manager) is taken back.
   */
  private async serverSideApply(object: KubeObject): Promise<Obj> {
    const answer = await this.client.json<Obj>('PATCH', objectPath(object), {
      query: { fieldManager: FIELD_MANAGER, force: true, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.apply,
      body: object,
    });
    if (isWatchedKind(object.kind) && object.metadata.namespace)
      this.cache.upsert(object.metadata.namespace, object.kind, answer);
    return answer;
  }

  /** A JSON merge patch of one object (fields the platform changes outside its applies). */
  async mergePatch(ref: ObjectRef, patch: object): Promise<void> {
    await this.client.json('PATCH', objectPath(ref), {
      query: { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.merge,
      body: patch,
    });
  }

  async patchDeployment(ref: ApplicationRef, patch: object): Promise<void> {
    if (!isDnsLabel(ref.name))
      throw new RuntimeRejectedError(
        runtimeErrorTexts.invalidApplicationName(JSON.stringify(ref.name)),
      );
    const path = objectPath({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: ref.name, namespace: checkedNamespace(ref.namespace) },
    });
    await this.client.json('PATCH', path, {
      query: { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' },
      contentType: CONTENT_TYPES.merge,
      body: patch,
    });
  }

  async delete(ref: ObjectRef): Promise<void> {
    try {
      await this.client.json('DELETE', objectPath(ref), { query: BACKGROUND });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async list<T>(
    apiVersion: string,
    kind: string,
    namespace: string,
    labelSelector: string,
  ): Promise<T[]> {
    const path = collectionPath(apiVersion, kind, checkedNamespace(namespace));
    const answer = await this.client.json<{ items?: T[] | null }>('GET', path, {
      query: { labelSelector },
    });
    return answer.items ?? [];
  }
}

export const selectorOf = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
