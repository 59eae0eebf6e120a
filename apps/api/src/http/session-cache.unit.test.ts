import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client';
import type { SessionUser } from './credential-records';
import { SessionCache } from './session-cache';

const user: SessionUser = {
  id: 'u1',
  email: 'awa@example.sn',
  nom: 'Diop',
  prenom: 'Awa',
  createdAt: new Date(),
  pendingEmail: null,
  totpEnabled: false,
  verifiedAt: new Date(),
};

/** A cache on a stand-in database whose change channel the test drives by hand. */
async function cacheWithChannel() {
  const channel: { message?: (p: string) => void; gap?: () => void; resume?: () => void } = {};
  const handle = {
    listen: async (
      _c: string,
      message: (p: string) => void,
      gap?: () => void,
      resume?: () => void,
    ) => {
      Object.assign(channel, { message, gap, resume });
      return async () => {};
    },
  } as unknown as DatabaseHandle;
  const db = { execute: async () => [] } as unknown as Database;
  const cache = new SessionCache(db, pino({ level: 'silent' }));
  await cache.start(handle);
  let reads = 0;
  const load = (read: () => Promise<SessionUser> = async () => user) =>
    cache.load(
      'user',
      user.id,
      async () => {
        reads++;
        return read();
      },
      (u) => Boolean(u.verifiedAt),
    );
  return { cache, channel, load, reads: () => reads };
}

describe('SessionCache', () => {
  it('reads a user once, then serves it from memory until told it changed', async () => {
    const { channel, load, reads } = await cacheWithChannel();
    await load();
    await load();
    expect(reads()).toBe(1);
    channel.message!(`user:${user.id}`);
    await load();
    expect(reads()).toBe(2);
  });

  it('does not keep a row read while a change to it was announced (it may predate it)', async () => {
    const { cache, load, reads } = await cacheWithChannel();
    await load(async () => {
      await cache.userChanged(user.id); // a change lands while the row is in flight
      return user;
    });
    await load();
    expect(reads()).toBe(2);
  });

  it('caches nothing while the change channel is down, and again once it is back', async () => {
    const { channel, load, reads } = await cacheWithChannel();
    channel.gap!();
    await load();
    await load();
    expect(reads()).toBe(2);
    channel.resume!();
    await load();
    await load();
    expect(reads()).toBe(3);
  });

  it('does not keep an unverified account', async () => {
    const { load, reads } = await cacheWithChannel();
    const unverified = { ...user, verifiedAt: null };
    await load(async () => unverified);
    await load(async () => unverified);
    expect(reads()).toBe(2);
  });
});
