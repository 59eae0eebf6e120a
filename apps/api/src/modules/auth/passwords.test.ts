import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it("hashes with Argon2id at OWASP's minimum profile on a server (19 MiB, 2 passes)", async () => {
    // A server's configuration: no PASSWORD_HASH_PROFILE in its environment.
    const { passwordHashProfile } = loadConfig({});
    const stored = await hashPassword('Mon-Secret-42', passwordHashProfile);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Mon-Secret-42')).toBe(true);
    expect(await verifyPassword(stored, 'Mon-Secret-43')).toBe(false);
  });

  it('hashes at a low cost only when PASSWORD_HASH_PROFILE=test, and verifies either cost', async () => {
    const { passwordHashProfile } = loadConfig({ PASSWORD_HASH_PROFILE: 'test' });
    const stored = await hashPassword('Mon-Secret-42', passwordHashProfile);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'Mon-Secret-42')).toBe(true);
    expect(await verifyPassword('pas-un-hash', 'Mon-Secret-42')).toBe(false);
  });

  it('refuses a profile it does not know', () => {
    expect(() => loadConfig({ PASSWORD_HASH_PROFILE: 'fast' })).toThrow(/PASSWORD_HASH_PROFILE/);
  });
});
