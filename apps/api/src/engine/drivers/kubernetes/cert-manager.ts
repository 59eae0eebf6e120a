import { validateObject } from '../../manifests/validate';
import { CONTENT_TYPES, FIELD_MANAGER, isNotFound, type KubeClient } from './kube-client';
import { objectPath, type ObjectRef } from './paths';

/**
 * What the certificates module needs from the cluster for cert-manager issuance: apply its
 * objects (validated against the Kubernetes and cert-manager schemas first), read them back
 * (Certificate conditions, the issued Secret) and delete them. Same client, paths and
 * server-side apply as the driver.
 */
export class CertManagerApi {
  constructor(private readonly client: KubeClient) {}

  async apply(object: ObjectRef): Promise<void> {
    validateObject(object);
    await this.client.json('PATCH', objectPath(object), {
      query: { fieldManager: FIELD_MANAGER, force: true },
      contentType: CONTENT_TYPES.apply,
      body: object,
    });
  }

  /** The object, or null when it does not exist. */
  async get<T>(ref: ObjectRef): Promise<T | null> {
    try {
      return await this.client.json<T>('GET', objectPath(ref));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Deletes the object; one already gone is fine. */
  async delete(ref: ObjectRef): Promise<void> {
    try {
      await this.client.json('DELETE', objectPath(ref), {
        query: { propagationPolicy: 'Background' },
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}
