import type { StoredEnvVar } from '../../db/schema/deployments';
import { decryptSecret, encryptSecret, randomPassword } from '../../lib/crypto';
import type { ApplicationSecrets } from '../templates/applications';

// How an application's secrets are sealed in its row: the modules seal them when they write the
// row, the engine unseals them to build the runtime's Secret, so the format sits in the engine.

export function sealSecrets(key: Buffer, secrets: ApplicationSecrets): string {
  return encryptSecret(key, JSON.stringify(secrets));
}

/**
 * What an application with no platform-made passwords (code, any image, Compose) keeps in the
 * column: random values nobody uses, so every row has the same shape.
 */
export function placeholderSecretsSealed(key: Buffer): string {
  return sealSecrets(key, {
    adminPassword: randomPassword(),
    dbPassword: randomPassword(),
    dbRootPassword: randomPassword(),
  });
}

export function unsealSecrets(key: Buffer, sealed: string): ApplicationSecrets {
  return JSON.parse(decryptSecret(key, sealed)) as ApplicationSecrets;
}

/** Every variable in clear (for the runtime's Secret and environment; never logged). */
export function unsealEnvVars(key: Buffer, stored: StoredEnvVar[]) {
  return stored.map((v) => ({
    name: v.name,
    secret: v.secret,
    value: v.secret ? decryptSecret(key, v.sealed) : v.value,
  }));
}
