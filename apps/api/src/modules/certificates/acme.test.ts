import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { acmeAccounts, acmeChallenges } from '../../db/schema/certificates';
import { useAcmeApp } from '../../../test/certificates/acme-context';
import type { CertificateTestApp } from '../../../test/certificates/app';
import {
  CERTS,
  getCertificate,
  letsEncryptBody,
  requestLetsEncrypt,
  validate,
} from '../../../test/certificates/api';
import { DAY, opensslVerifies } from '../../../test/certificates/pki';
import { certificateRow } from '../../../test/certificates/rows';
import { call, type TestUser } from '../../../test/helpers/factories';
import { CertificateWorker } from './worker';

/**
 * The Docker runtime's path end to end: the platform's acme-client against a local RFC 8555
 * authority, which validates HTTP-01 by fetching the platform's challenge route over HTTP.
 */
const ctx = useAcmeApp();
const { acme, pki, backoff, ordersFor } = ctx;
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
beforeAll(() => ({ t, dev, projectId } = ctx));

describe('an order over HTTP-01', () => {
  it('is recorded in progress, placed by the worker, and stored Actif with the test authority’s certificate', async () => {
    const created = await requestLetsEncrypt(t, dev.token, letsEncryptBody(projectId));
    expect(created).toMatchObject({
      statut: 'En cours de renouvellement',
      type_certificat: "Let's Encrypt",
      contenu_certificat: null,
      mode_emission: 'acme',
      email: 'admin@exemple.sn',
    });

    await t.worker.tick();

    const issued = await getCertificate(t, dev.token, created.id);
    expect(issued).toMatchObject({
      statut: 'Actif',
      domaines: ['boutique.exemple.sn'],
      emetteur: 'ACME Test Intermediaire',
      derniere_erreur: null,
    });
    const leafPem = issued.contenu_certificat!.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]!;
    expect(opensslVerifies(leafPem, pki.root.certPem, pki.intermediate.certPem)).toBe(true);
    expect(issued.date_expiration).toBe(
      new Date(new X509Certificate(leafPem).validTo).toISOString(),
    );
    expect(new Date(issued.prochain_renouvellement!).getTime()).toBe(
      new Date(issued.date_expiration!).getTime() - 30 * DAY,
    );

    // The authority fetched the answer from the platform's public route, under the domain's name.
    const fetch = acme.fetches.find((f) => f.host === 'boutique.exemple.sn')!;
    expect(fetch).toMatchObject({ status: 200 });
    expect(fetch.url).toMatch(
      /^http:\/\/boutique\.exemple\.sn\/\.well-known\/acme-challenge\/[\w-]+$/,
    );
    expect(fetch.body).toMatch(/^[\w-]+\.[\w-]+$/);
    // …and the answer was withdrawn once the order was done.
    expect(await t.database.db.select().from(acmeChallenges)).toEqual([]);
    expect(await validate(t, dev.token, created.id)).toMatchObject({
      valid: true,
      domain_matches: true,
      not_expired: true,
    });
  });

  it('reuses one sealed ACME account per directory and e-mail', async () => {
    await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'deuxieme.exemple.sn' }),
    );
    await t.worker.tick();
    const accounts = await t.database.db.select().from(acmeAccounts);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.accountUrl).toMatch(/\/acct\//);
    expect(accounts[0]!.accountKeySealed).not.toContain('PRIVATE KEY');
    expect(acme.accountCount).toBe(1);
  });

  it('is placed once when two API processes look at the same time', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'concurrent.exemple.sn' }),
    );
    const other = new CertificateWorker(t.app.ctx, { acmeBackoff: backoff });
    await Promise.all([t.worker.tick(), other.tick()]);
    expect(ordersFor('concurrent.exemple.sn')).toHaveLength(1);
    expect((await getCertificate(t, dev.token, created.id)).statut).toBe('Actif');
  });

  it('fails with the authority’s reason when the platform cannot answer, and a renewal retries', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'injoignable.exemple.sn' }),
    );
    ctx.answerPort = 9; // discard port: nothing answers there
    try {
      await t.worker.tick();
    } finally {
      ctx.answerPort = ctx.platformPort;
    }
    const failed = await getCertificate(t, dev.token, created.id);
    expect(failed.statut).toBe('Échec');
    // The project hears it (issue 27): its members' bell.
    const bell = await call(t, 'GET', '/api/v1/users/me/notifications', { token: dev.token });
    expect(
      bell.json<{ notifications: { titre: string }[] }>().notifications.map((n) => n.titre),
    ).toContain('Échec du certificat : injoignable.exemple.sn');
    expect(failed.derniere_erreur).toMatch(
      /^La commande auprès de l'autorité de certification a échoué : Invalid response from http:\/\/injoignable\.exemple\.sn\/\.well-known\/acme-challenge\//,
    );
    expect(failed.prochain_renouvellement).toBeNull();
    expect(await t.worker.tick()).toBe(0);

    const renewing = await call(t, 'POST', `${CERTS}/${created.id}/renew`, { token: dev.token });
    expect(renewing.json()).toMatchObject({
      statut: 'En cours de renouvellement',
      derniere_erreur: null,
    });
    await t.worker.tick();
    expect((await getCertificate(t, dev.token, created.id)).statut).toBe('Actif');
  });
});

it('renews by itself a certificate 29 days from expiry, without any call', async () => {
  acme.validity.push({
    start: new Date(Date.now() - 61 * DAY),
    end: new Date(Date.now() + 29 * DAY + 3_600_000),
  });
  const created = await requestLetsEncrypt(
    t,
    dev.token,
    letsEncryptBody(projectId, { nom_domaine: 'renouvellement.exemple.sn' }),
  );
  await t.worker.tick();
  const first = await certificateRow(t, created.id);
  expect(first.status).toBe('Actif');
  expect(Math.floor((first.expiresAt!.getTime() - Date.now()) / DAY)).toBe(29);
  expect(first.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

  // Nothing but time: the worker's next pass finds it due and renews it.
  await t.worker.tick();
  const renewed = await certificateRow(t, created.id);
  expect(ordersFor('renouvellement.exemple.sn')).toHaveLength(2);
  expect(renewed.status).toBe('Actif');
  expect(Math.floor((renewed.expiresAt!.getTime() - Date.now()) / DAY)).toBe(89);
  expect(renewed.certificatePem).not.toBe(first.certificatePem);
  expect(renewed.privateKeySealed).not.toBe(first.privateKeySealed);
  expect(renewed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 55 * DAY);
  expect(acme.accountCount).toBe(1);
});
