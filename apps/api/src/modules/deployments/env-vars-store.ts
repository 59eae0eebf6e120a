import type { EnvVarView } from '@nuage/shared/build-types';
import type { EnvVarInput } from '@nuage/shared/schemas/code';
import { codeMessages } from '@nuage/shared/schemas/code';
import type { StoredEnvVar } from '../../db/schema/deployments';
import { encryptSecret } from '../../lib/crypto';
import { FieldValidationError } from '../../lib/errors';

/**
 * The variables as sent, stored: secret values sealed one by one; a secret sent without a value
 * keeps its stored one (the screen never has it), a new secret without a value is refused.
 */
export function storeEnvVars(
  key: Buffer,
  input: EnvVarInput[],
  current: StoredEnvVar[],
  loc: (string | number)[],
): StoredEnvVar[] {
  return input.map((v, i): StoredEnvVar => {
    if (v.secret) {
      if (v.value !== undefined)
        return { name: v.name, secret: true, sealed: encryptSecret(key, v.value) };
      const kept = current.find((c) => c.name === v.name && c.secret);
      if (kept) return kept;
    } else if (v.value !== undefined) {
      return { name: v.name, secret: false, value: v.value };
    }
    throw new FieldValidationError([
      { loc: [...loc, i, 'value'], msg: codeMessages.envVarValue, type: 'missing' },
    ]);
  });
}

/** What the API shows: never a secret's value. */
export function viewEnvVars(stored: StoredEnvVar[]): EnvVarView[] {
  return stored.map((v) => ({ name: v.name, value: v.secret ? null : v.value, secret: v.secret }));
}
