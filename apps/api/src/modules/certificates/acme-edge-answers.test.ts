import { gt } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeChallenges } from '../../db/schema/certificates';
import { useAcmeApp } from '../../../test/certificates/acme-context';
import { idleDriver } from '../../../test/certificates/app';
import {
  getCertificate,
  letsEncryptBody,
  requestLetsEncrypt,
} from '../../../test/certificates/api';

/**
 * On docker the edge proxy owns port 80: the authority never reaches the API's challenge
 * route. Here port 80 is a stand-in proxy that serves only what the driver was last told to
 * publish (RuntimeDriver.challengesChanged, which the docker driver implements by reloading
 * the proxy from acme_challenges): the order succeeds only if the issuer publishes each
 * answer after storing it and before the authority validates it, and the proxy is emptied
 * again after cleanup.
 */
let published = new Map<string, string>();
let failReload = false;
const reloads: number[] = [];

const ctx = useAcmeApp({
  driver: {
    ...idleDriver('docker'),
    challengesChanged: async () => {
      if (failReload) throw new Error('edge proxy admin API: connect ENOENT');
      const rows = await ctx.t.database.db
        .select()
        .from(acmeChallenges)
        .where(gt(acmeChallenges.expiresAt, new Date()));
      published = new Map(rows.map((r) => [r.token, r.keyAuthorization]));
      reloads.push(published.size);
    },
  },
});

const proxy = http.createServer((req, res) => {
  const token = /^\/\.well-known\/acme-challenge\/([^/]+)$/.exec(req.url ?? '')?.[1];
  const answer = token ? published.get(token) : undefined;
  res.writeHead(answer ? 200 : 404, { 'content-type': 'text/plain' }).end(answer ?? '');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  ctx.answerPort = (proxy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe('a Let’s Encrypt order on docker, validated through the edge proxy', () => {
  it('publishes the answer before validation and withdraws it after: Actif', async () => {
    const { t, dev, projectId } = ctx;
    reloads.length = 0;
    const created = await requestLetsEncrypt(t, dev.token, letsEncryptBody(projectId));
    await t.worker.tick();
    const issued = await getCertificate(t, dev.token, created.id);
    expect(issued).toMatchObject({ statut: 'Actif', derniere_erreur: null });
    // The authority fetched from the stand-in proxy, and got the answer there.
    const fetch = ctx.acme.fetches.find((f) => f.host === 'boutique.exemple.sn');
    expect(fetch).toMatchObject({ status: 200 });
    // One reload with the pending answer, one after cleanup with none.
    expect(reloads).toEqual([1, 0]);
    expect(published.size).toBe(0);
  });

  it('fails the attempt in French, to be retried, when the proxy cannot be reloaded', async () => {
    const { t, dev, projectId } = ctx;
    failReload = true;
    try {
      const created = await requestLetsEncrypt(
        t,
        dev.token,
        letsEncryptBody(projectId, { nom_domaine: 'atelier.exemple.sn' }),
      );
      await t.worker.tick();
      const row = await getCertificate(t, dev.token, created.id);
      expect(row.statut).not.toBe('Échec');
      expect(row.derniere_erreur).toBe(
        "Le proxy HTTP n'a pas pu publier la réponse au défi ACME (edge proxy admin API: connect ENOENT) : nouvelle tentative plus tard.",
      );
      // Nothing was asked of the authority for that name.
      expect(ctx.acme.fetches.some((f) => f.host === 'atelier.exemple.sn')).toBe(false);
    } finally {
      failReload = false;
    }
  });
});
