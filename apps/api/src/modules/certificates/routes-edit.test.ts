import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import {
  CERTS,
  createCustom,
  customBody,
  letsEncryptBody,
  requestLetsEncrypt,
} from '../../../test/certificates/api';
import { makeCertificate, newKey } from '../../../test/certificates/pki';
import { certificateRow } from '../../../test/certificates/rows';
import { call } from '../../../test/helpers/factories';
import {
  createTeamProject,
  createTeamUsers,
  expectDetail,
  expectIssue,
  type Team,
} from '../../../test/helpers/project-factories';

/** SPEC §7 "Certificates" edits: PUT, renew and DELETE, by role, with their French answers. */
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

describe('PUT /certificates/{id}', () => {
  it('edits name and description; empty PEM fields keep the stored certificate and key', async () => {
    const created = await createCustom(
      t,
      team.developer.token,
      customBody(projectId, leaf, { nom: 'Avant' }),
    );
    const before = await certificateRow(t, created.id);
    expectDetail(
      await call(t, 'PUT', `${CERTS}/${created.id}`, {
        token: team.user.token,
        body: { nom: 'Non' },
      }),
      403,
      FORBIDDEN,
    );
    const res = await call(t, 'PUT', `${CERTS}/${created.id}`, {
      token: team.developer.token,
      body: {
        nom: 'Après',
        description: 'Renommé',
        contenu_certificat: '',
        contenu_cle_privee: '  ',
        date_expiration: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nom: 'Après',
      description: 'Renommé',
      contenu_certificat: created.contenu_certificat,
    });
    const after = await certificateRow(t, created.id);
    expect(after.privateKeySealed).toBe(before.privateKeySealed);
    expect(after.certificatePem).toBe(before.certificatePem);
  });

  it('a new key alone must match the stored certificate', async () => {
    const created = await createCustom(t, team.developer.token, customBody(projectId, leaf));
    const res = await call(t, 'PUT', `${CERTS}/${created.id}`, {
      token: team.developer.token,
      body: { contenu_cle_privee: newKey() },
    });
    expectIssue(res, ['body', 'contenu_cle_privee'], m.keyMismatch);
  });

  it('the PEM of a Let’s Encrypt certificate is the platform’s', async () => {
    const created = await requestLetsEncrypt(
      t,
      team.developer.token,
      letsEncryptBody(projectId, { nom_domaine: 'geree.exemple.sn' }),
    );
    const res = await call(t, 'PUT', `${CERTS}/${created.id}`, {
      token: team.developer.token,
      body: { contenu_certificat: leaf.certPem },
    });
    expectIssue(res, ['body', 'contenu_certificat'], m.pemOnLetsEncrypt);
  });
});

describe('POST /certificates/{id}/renew', () => {
  it('takes an optional body (none, empty JSON, or new settings) for Let’s Encrypt certificates only', async () => {
    const le = await requestLetsEncrypt(
      t,
      team.developer.token,
      letsEncryptBody(projectId, { nom_domaine: 'renouvele.exemple.sn' }),
    );
    await t.worker.tick();
    const bare = await t.app.inject({
      method: 'POST',
      url: `${CERTS}/${le.id}/renew`,
      headers: { authorization: `Bearer ${team.developer.token}` },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${CERTS}/${le.id}/renew`,
      headers: {
        authorization: `Bearer ${team.developer.token}`,
        'content-type': 'application/json',
      },
      payload: '',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    const settings = await call(t, 'POST', `${CERTS}/${le.id}/renew`, {
      token: team.admin.token,
      body: { staging: true, email: 'securite@exemple.sn' },
    });
    expect(settings.json()).toMatchObject({
      statut: 'En cours de renouvellement',
      staging: true,
      email: 'securite@exemple.sn',
    });

    expectDetail(
      await call(t, 'POST', `${CERTS}/${le.id}/renew`, { token: team.user.token }),
      403,
      FORBIDDEN,
    );
    const custom = await createCustom(t, team.developer.token, customBody(projectId, leaf));
    expectDetail(
      await call(t, 'POST', `${CERTS}/${custom.id}/renew`, { token: team.developer.token }),
      409,
      m.renewCustom,
    );
  });
});

describe('DELETE /certificates/{id}', () => {
  it('403 for a plain member, 404 for a non-member, then deleted for good', async () => {
    const created = await createCustom(t, team.developer.token, customBody(projectId, leaf));
    expectDetail(
      await call(t, 'DELETE', `${CERTS}/${created.id}`, { token: team.user.token }),
      403,
      FORBIDDEN,
    );
    expectDetail(
      await call(t, 'DELETE', `${CERTS}/${created.id}`, { token: team.outsider.token }),
      404,
      m.notFound,
    );
    const res = await call(t, 'DELETE', `${CERTS}/${created.id}`, { token: team.developer.token });
    expect(res.json()).toEqual({ message: 'Certificat supprimé.' });
    expectDetail(
      await call(t, 'GET', `${CERTS}/${created.id}`, { token: team.admin.token }),
      404,
      m.notFound,
    );
  });
});
