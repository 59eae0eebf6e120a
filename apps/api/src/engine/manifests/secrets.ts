import type { ApplicationSpec } from '../spec';
import { objectMeta } from './meta';
import type { SecretObject } from './types';

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/**
 * `data` (base64) rather than `stringData`: with server-side apply, stringData is merged into
 * data by the API server and its keys are never tracked, so a removed key would linger.
 */
export function renderSecret(spec: ApplicationSpec): SecretObject {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(spec.secretData)) {
    if (value !== undefined) data[key] = base64(value);
  }
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, spec.secretName, 'secrets'),
    type: 'Opaque',
    data,
  };
}

export function renderTlsSecret(
  spec: ApplicationSpec,
  tls: { secretName: string; certificatePem: string; privateKeyPem: string },
): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, tls.secretName, 'tls'),
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': base64(tls.certificatePem), 'tls.key': base64(tls.privateKeyPem) },
  };
}
