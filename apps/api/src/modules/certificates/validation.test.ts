import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import { createCustom, customBody, postCustom, validate } from '../../../test/certificates/api';
import {
  DAY,
  leafFor as signedLeaf,
  makeAuthorities,
  makeCertificate,
  trustedRootFile,
  withChain,
} from '../../../test/certificates/pki';
import { frDate, insertStoredCertificate } from '../../../test/certificates/rows';
import { createProject, expectIssue } from '../../../test/helpers/project-factories';
import { createVerifiedUser, type TestUser } from '../../../test/helpers/factories';

/**
 * The issue's certificate cases, each made by openssl in the test: what an upload answers and
 * what POST /certificates/{id}/validate says, with its French message (valid, expired, expiring, wildcard, SAN).
 */
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
const pki = makeAuthorities('Test');
const hour = 3_600_000;
const leafFor = (names: string[], opts: { start?: Date; end?: Date } = {}) =>
  signedLeaf(pki.intermediate, names, opts);

beforeAll(async () => {
  t = await createCertificateTestApp({
    certificates: { extraTrustedCaFile: trustedRootFile(pki.root.certPem) },
  });
  dev = await createVerifiedUser(t);
  projectId = (await createProject(t, dev.token)).id;
});
afterAll(() => t.close());

describe('a valid certificate', () => {
  it('is accepted Actif with its own expiry date, and validates without any issue', async () => {
    const end = new Date(Date.now() + 90 * DAY + hour);
    const leaf = leafFor(['boutique.exemple.sn'], { end });
    const created = await createCustom(
      t,
      dev.token,
      customBody(projectId, withChain(leaf, pki.intermediate), {
        date_expiration: end.toISOString().slice(0, 10),
      }),
    );
    expect(created).toMatchObject({
      statut: 'Actif',
      type_certificat: 'Personnalisé',
      nom_domaine: 'boutique.exemple.sn',
      date_expiration: new Date(new X509Certificate(leaf.certPem).validTo).toISOString(),
      avertissements: [],
      cle_privee_presente: true,
    });
    expect(await validate(t, dev.token, created.id)).toEqual({
      valid: true,
      domain_matches: true,
      not_expired: true,
      expires_in_days: 90,
      issues: [],
    });
  });

  it('reports a typed expiry date that disagrees, and keeps the certificate’s', async () => {
    const end = new Date(Date.now() + 60 * DAY + hour);
    const leaf = leafFor(['blog.exemple.sn'], { end });
    const created = await createCustom(
      t,
      dev.token,
      customBody(projectId, withChain(leaf, pki.intermediate), { date_expiration: '2031-05-01' }),
    );
    expect(created.date_expiration).toBe(
      new Date(new X509Certificate(leaf.certPem).validTo).toISOString(),
    );
    expect(created.avertissements).toEqual([
      m.expiryDisagrees(
        frDate(new Date('2031-05-01')),
        frDate(new Date(new X509Certificate(leaf.certPem).validTo)),
      ),
    ]);
  });
});

describe('an expired certificate', () => {
  const leaf = leafFor(['ancien.exemple.sn'], {
    start: new Date(Date.now() - 100 * DAY),
    end: new Date(Date.now() - 10 * DAY + hour),
  });

  it('is refused at upload, with the date it expired', async () => {
    const res = await postCustom(
      t,
      dev.token,
      customBody(projectId, withChain(leaf, pki.intermediate)),
    );
    expectIssue(
      res,
      ['body', 'contenu_certificat'],
      m.expired(frDate(new Date(new X509Certificate(leaf.certPem).validTo))),
    );
  });

  it('validates as expired when it expired after upload', async () => {
    const id = await insertStoredCertificate(t, {
      projectId,
      ...withChain(leaf, pki.intermediate),
      domain: 'ancien.exemple.sn',
    });
    const result = await validate(t, dev.token, id);
    expect(result).toMatchObject({
      valid: false,
      not_expired: false,
      domain_matches: true,
      expires_in_days: -10,
    });
    expect(result.issues).toEqual([
      m.expired(frDate(new Date(new X509Certificate(leaf.certPem).validTo))),
    ]);
  });
});

it('a certificate expiring in 10 days is valid, flagged, and says so', async () => {
  const leaf = leafFor(['bientot.exemple.sn'], { end: new Date(Date.now() + 10 * DAY + hour) });
  const created = await createCustom(
    t,
    dev.token,
    customBody(projectId, withChain(leaf, pki.intermediate)),
  );
  expect(created).toMatchObject({
    statut: 'Actif',
    expire_dans_jours: 10,
    expiration_proche: true,
  });
  expect(await validate(t, dev.token, created.id)).toEqual({
    valid: true,
    domain_matches: true,
    not_expired: true,
    expires_in_days: 10,
    issues: ['Le certificat expire dans 10 jours : pensez à le renouveler.'],
  });
});

it('a wildcard covers one label under its domain, neither the apex nor two labels', async () => {
  const leaf = leafFor(['*.exemple.sn']);
  const created = await createCustom(
    t,
    dev.token,
    customBody(projectId, withChain(leaf, pki.intermediate), { nom_domaine: '' }),
  );
  expect(created).toMatchObject({
    nom_domaine: '*.exemple.sn',
    wildcard: true,
    domaines: ['*.exemple.sn'],
  });
  expect(await validate(t, dev.token, created.id)).toMatchObject({
    valid: true,
    domain_matches: true,
    issues: [],
  });
  expect(
    await validate(t, dev.token, created.id, { nom_domaine: 'boutique.exemple.sn' }),
  ).toMatchObject({ valid: true, domain_matches: true });
  for (const host of ['exemple.sn', 'a.b.exemple.sn', 'boutique.exemple.com']) {
    const result = await validate(t, dev.token, created.id, { nom_domaine: host });
    expect(result).toMatchObject({ valid: false, domain_matches: false, not_expired: true });
    expect(result.issues).toEqual([m.domainNotCovered(host, '*.exemple.sn')]);
  }
});

describe('a SAN that does not name the domain', () => {
  it('is stored with a warning, and validates as not matching', async () => {
    const leaf = makeCertificate({
      commonName: 'boutique.exemple.sn',
      names: ['autre.exemple.org'],
      issuer: pki.intermediate,
    });
    const created = await createCustom(
      t,
      dev.token,
      customBody(projectId, withChain(leaf, pki.intermediate), {
        nom_domaine: 'boutique.exemple.sn',
      }),
    );
    expect(created.avertissements).toEqual([
      m.domainNotCovered('boutique.exemple.sn', 'autre.exemple.org'),
    ]);
    expect(await validate(t, dev.token, created.id)).toEqual({
      valid: false,
      domain_matches: false,
      not_expired: true,
      expires_in_days: expect.any(Number) as number,
      issues: [m.domainNotCovered('boutique.exemple.sn', 'autre.exemple.org')],
    });
  });

  it('a certificate naming its host only in the CN is not matched (browsers ignore the CN)', async () => {
    const leaf = makeCertificate({ commonName: 'cn-seul.exemple.sn', issuer: pki.intermediate });
    const created = await createCustom(
      t,
      dev.token,
      customBody(projectId, withChain(leaf, pki.intermediate)),
    );
    expect(created.nom_domaine).toBe('cn-seul.exemple.sn');
    const result = await validate(t, dev.token, created.id);
    expect(result).toMatchObject({ valid: false, domain_matches: false });
    expect(result.issues).toEqual([m.noSubjectAltName]);
  });
});
