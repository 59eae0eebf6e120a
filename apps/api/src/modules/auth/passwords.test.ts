import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it("hashes with Argon2id at OWASP's minimum profile unless a test run lowered it (19 MiB, 2 passes)", async () => {
    // A fresh copy of the module, as the server loads it: test/setup.ts lowered the cost of the
    // copy every other test uses.
    vi.resetModules();
    const server = await import('./passwords');
    const stored = await server.hashPassword('Mon-Secret-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await server.verifyPassword(stored, 'Mon-Secret-42')).toBe(true);
    expect(await server.verifyPassword(stored, 'Mon-Secret-43')).toBe(false);
  });

  it('verifies a hash made at another cost (the cost is read from the hash itself)', async () => {
    const stored = await hashPassword('Mon-Secret-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'Mon-Secret-42')).toBe(true);
    expect(await verifyPassword('pas-un-hash', 'Mon-Secret-42')).toBe(false);
  });
});
