import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeChallenges } from '../../db/schema/certificates';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import {
  CERTS,
  createCustom,
  customBody,
  letsEncryptBody,
  requestLetsEncrypt,
} from '../../../test/certificates/api';
import { makeCertificate } from '../../../test/certificates/pki';
import { call } from '../../../test/helpers/factories';
import {
  createTeamProject,
  createTeamUsers,
  expectDetail,
  expectIssue,
  type Team,
} from '../../../test/helpers/project-factories';
import { PROJECT_NOT_FOUND as PROJECT_NOT_FOUND_DETAIL } from '../projects/policy';

/** SPEC §7 "Certificates" calls: 401, then 422 with the exact message, then 403/404, then success. */
let t: CertificateTestApp;
let team: Team;
let projectId: string;
const leaf = makeCertificate({ commonName: 'boutique.exemple.sn', names: ['boutique.exemple.sn'] });
const FORBIDDEN = 'Action réservée aux développeurs et administrateurs du projet.';

beforeAll(async () => {
  t = await createCertificateTestApp();
  team = await createTeamUsers(t);
  projectId = (await createTeamProject(t, team)).project.id;
});
afterAll(() => t.close());

it('every call needs a signed-in caller', async () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const calls: [Parameters<typeof call>[1], string][] = [
    ['GET', CERTS],
    ['POST', CERTS],
    ['POST', `${CERTS}/letsencrypt`],
    ['GET', `${CERTS}/${id}`],
    ['PUT', `${CERTS}/${id}`],
    ['DELETE', `${CERTS}/${id}`],
    ['POST', `${CERTS}/${id}/renew`],
    ['POST', `${CERTS}/${id}/validate`],
  ];
  for (const [method, url] of calls)
    expect((await call(t, method, url)).statusCode, `${method} ${url}`).toBe(401);
});

describe('POST /certificates/ (custom)', () => {
  it.each([
    ['nom', { nom: '' }, m.nomRequired],
    ['contenu_certificat', { contenu_certificat: '' }, m.certificateRequired],
    ['contenu_cle_privee', { contenu_cle_privee: undefined }, m.privateKeyRequired],
    ['date_expiration', { date_expiration: '' }, m.expiryRequired],
    ['date_expiration', { date_expiration: '31/12/2030' }, m.expiryInvalid],
    ['projet_id', { projet_id: '' }, m.projectRequired],
    ['type_certificat', { type_certificat: "Let's Encrypt" }, m.typeInvalid],
    ['nom_domaine', { nom_domaine: 'pas un domaine' }, m.domainInvalid],
  ])('422 on %s with SPEC §5 wording', async (field, overrides, msg) => {
    const res = await call(t, 'POST', CERTS, {
      token: team.developer.token,
      body: customBody(projectId, leaf, overrides),
    });
    expectIssue(res, ['body', field], msg);
  });

  it('403 for a plain member, 404 for a non-member; developers and admins create', async () => {
    expectDetail(
      await call(t, 'POST', CERTS, { token: team.user.token, body: customBody(projectId, leaf) }),
      403,
      FORBIDDEN,
    );
    expectDetail(
      await call(t, 'POST', CERTS, {
        token: team.outsider.token,
        body: customBody(projectId, leaf),
      }),
      404,
      PROJECT_NOT_FOUND_DETAIL,
    );
    for (const who of [team.developer, team.admin]) {
      const res = await call(t, 'POST', CERTS, {
        token: who.token,
        body: customBody(projectId, leaf),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        statut: 'Actif',
        type_certificat: 'Personnalisé',
        projet_id: projectId,
      });
    }
  });
});

describe('POST /certificates/letsencrypt', () => {
  it.each([
    ['nom_domaine', { nom_domaine: '' }, m.domainRequired],
    ['nom_domaine', { nom_domaine: 'http://exemple.sn' }, m.domainInvalid],
    ['email', { email: '' }, "L'email est requis"],
    ['email', { email: 'pas-un-email' }, 'Adresse email invalide'],
    ['projet_id', { projet_id: undefined }, m.projectRequired],
    ['provider', { provider: 'zerossl' }, m.providerInvalid],
  ])('422 on %s', async (field, overrides, msg) => {
    const res = await call(t, 'POST', `${CERTS}/letsencrypt`, {
      token: team.developer.token,
      body: letsEncryptBody(projectId, overrides),
    });
    expectIssue(res, ['body', field], msg);
  });

  it('403/404 by role, 201 in progress for a developer, 409 for the same domain twice', async () => {
    const body = letsEncryptBody(projectId, { nom_domaine: 'Commande.Exemple.SN' });
    expectDetail(
      await call(t, 'POST', `${CERTS}/letsencrypt`, { token: team.user.token, body }),
      403,
      FORBIDDEN,
    );
    expectDetail(
      await call(t, 'POST', `${CERTS}/letsencrypt`, { token: team.outsider.token, body }),
      404,
      PROJECT_NOT_FOUND_DETAIL,
    );
    const created = await requestLetsEncrypt(t, team.developer.token, body);
    expect(created).toMatchObject({
      nom: 'commande.exemple.sn',
      nom_domaine: 'commande.exemple.sn',
      statut: 'En cours de renouvellement',
    });
    expectDetail(
      await call(t, 'POST', `${CERTS}/letsencrypt`, { token: team.admin.token, body }),
      409,
      m.duplicateOrder,
    );
  });
});

describe('reading', () => {
  it('members list and read their project’s certificates, never the key; others get nothing or 404', async () => {
    const created = await createCustom(
      t,
      team.developer.token,
      customBody(projectId, leaf, { nom: 'Lecture' }),
    );
    for (const who of [team.admin, team.developer, team.user]) {
      const list = (await call(t, 'GET', CERTS, { token: who.token })).json<Certificate[]>();
      expect(list.map((c) => c.id)).toContain(created.id);
      const one = await call(t, 'GET', `${CERTS}/${created.id}`, { token: who.token });
      expect(one.json()).toMatchObject({
        id: created.id,
        contenu_certificat: expect.stringContaining('BEGIN CERTIFICATE') as string,
      });
      expect(one.json()).not.toHaveProperty('contenu_cle_privee');
    }
    expect((await call(t, 'GET', CERTS, { token: team.outsider.token })).json()).toEqual([]);
    expectDetail(
      await call(t, 'GET', `${CERTS}?projet_id=${projectId}`, { token: team.outsider.token }),
      404,
      PROJECT_NOT_FOUND_DETAIL,
    );
    expectDetail(
      await call(t, 'GET', `${CERTS}/${created.id}`, { token: team.outsider.token }),
      404,
      m.notFound,
    );
    expectDetail(
      await call(t, 'GET', `${CERTS}/pas-un-uuid`, { token: team.admin.token }),
      404,
      m.notFound,
    );
    expect(
      (await call(t, 'POST', `${CERTS}/${created.id}/validate`, { token: team.user.token }))
        .statusCode,
    ).toBe(200);
    const filtered = (
      await call(t, 'GET', `${CERTS}?projet_id=${projectId}`, { token: team.user.token })
    ).json<Certificate[]>();
    expect(filtered.every((c) => c.projet_id === projectId)).toBe(true);
  });
});

describe('GET /.well-known/acme-challenge/{token}', () => {
  it('answers a stored key authorization in plain text, to anyone; nothing for unknown or expired tokens', async () => {
    await t.database.db.insert(acmeChallenges).values([
      {
        token: 'jeton-valide',
        keyAuthorization: 'jeton-valide.empreinte',
        expiresAt: new Date(Date.now() + 60_000),
      },
      {
        token: 'jeton-expire',
        keyAuthorization: 'jeton-expire.empreinte',
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/.well-known/acme-challenge/jeton-valide',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('jeton-valide.empreinte');
    for (const token of ['jeton-expire', 'inconnu', '..%2F..%2Fetc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/.well-known/acme-challenge/${token}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    // The worker purges expired answers (a process killed mid-order leaves its own behind).
    await t.worker.tick();
    const left = await t.database.db.select({ token: acmeChallenges.token }).from(acmeChallenges);
    expect(left).toEqual([{ token: 'jeton-valide' }]);
    await t.database.db.delete(acmeChallenges).where(eq(acmeChallenges.token, 'jeton-valide'));
  });
});
