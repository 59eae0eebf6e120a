import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import { createCustom, customBody, postCustom, validate } from '../../../test/certificates/api';
import {
  leafFor as signedLeaf,
  makeAuthorities,
  makeCertificate,
  newKey,
  trustedRootFile,
  withChain,
} from '../../../test/certificates/pki';
import { insertStoredCertificate } from '../../../test/certificates/rows';
import { createProject, expectIssue } from '../../../test/helpers/project-factories';
import { createVerifiedUser, type TestUser } from '../../../test/helpers/factories';

/**
 * The issue's certificate cases, each made by openssl in the test: what an upload answers and
 * what POST /certificates/{id}/validate says, with its French message (wrong key, garbage PEM, chain).
 */
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
const pki = makeAuthorities('Test');
const other = makeAuthorities('Autre');
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

describe('a key that is not the certificate’s', () => {
  const leaf = leafFor(['cle.exemple.sn']);

  it('is refused at upload, whatever its type', async () => {
    for (const keyPem of [newKey('ec'), newKey('rsa')]) {
      const res = await postCustom(
        t,
        dev.token,
        customBody(projectId, { certPem: leaf.certPem, keyPem }),
      );
      expectIssue(res, ['body', 'contenu_cle_privee'], m.keyMismatch);
    }
  });

  it('is reported by validation when the stored pair no longer matches', async () => {
    const id = await insertStoredCertificate(t, {
      projectId,
      certPem: leaf.certPem + pki.intermediate.certPem,
      keyPem: newKey(),
      domain: 'cle.exemple.sn',
    });
    const result = await validate(t, dev.token, id);
    expect(result).toMatchObject({ valid: false, domain_matches: true, not_expired: true });
    expect(result.issues).toEqual([m.keyMismatch]);
  });
});

describe('garbage PEM', () => {
  const leaf = leafFor(['pem.exemple.sn']);

  it.each([
    ['a text that is not PEM', 'pas un certificat'],
    [
      'a CERTIFICATE block of garbage',
      '-----BEGIN CERTIFICATE-----\nAAAAbm9uIG1haXMgYWxsbw==\n-----END CERTIFICATE-----\n',
    ],
    ['a key pasted instead of the certificate', newKey()],
  ])('refuses %s, in French', async (_label, certPem) => {
    const res = await postCustom(
      t,
      dev.token,
      customBody(projectId, { certPem, keyPem: leaf.keyPem }),
    );
    expectIssue(res, ['body', 'contenu_certificat'], m.certificateUnreadable);
  });

  it('refuses a key that does not parse, or one protected by a passphrase', async () => {
    const garbage = await postCustom(
      t,
      dev.token,
      customBody(projectId, {
        certPem: leaf.certPem,
        keyPem: '-----BEGIN PRIVATE KEY-----\nzzzz\n-----END PRIVATE KEY-----',
      }),
    );
    expectIssue(garbage, ['body', 'contenu_cle_privee'], m.keyUnreadable);
    const encrypted = await postCustom(
      t,
      dev.token,
      customBody(projectId, {
        certPem: leaf.certPem,
        keyPem: '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----',
      }),
    );
    expectIssue(encrypted, ['body', 'contenu_cle_privee'], m.keyEncrypted);
  });

  it('reports both fields at once', async () => {
    const res = await postCustom(
      t,
      dev.token,
      customBody(projectId, { certPem: 'x', keyPem: 'y' }),
    );
    expectIssue(res, ['body', 'contenu_certificat'], m.certificateUnreadable);
    expectIssue(res, ['body', 'contenu_cle_privee'], m.keyUnreadable);
  });
});

describe('the chain', () => {
  const leaf = leafFor(['chaine.exemple.sn']);
  const check = async (pem: { certPem: string; keyPem: string }) =>
    validate(t, dev.token, (await createCustom(t, dev.token, customBody(projectId, pem))).id);

  it('with its intermediate (and optionally the root) up to a trusted root: no issue', async () => {
    expect((await check(withChain(leaf, pki.intermediate))).issues).toEqual([]);
    expect((await check(withChain(leaf, pki.intermediate, pki.root))).issues).toEqual([]);
  });

  it('without the intermediate: incomplete, naming the missing authority', async () => {
    const result = await check(leaf);
    expect(result).toMatchObject({ valid: true, domain_matches: true });
    expect(result.issues).toEqual([m.chainIncomplete('Test Intermediaire')]);
  });

  it('ending at a root browsers do not know', async () => {
    const foreign = signedLeaf(other.intermediate, ['chaine.exemple.sn']);
    expect((await check(withChain(foreign, other.intermediate, other.root))).issues).toEqual([
      m.untrustedRoot('Autre Racine'),
    ]);
    expect((await check(withChain(foreign, other.intermediate))).issues).toEqual([
      m.chainIncomplete('Autre Racine'),
    ]);
  });

  it('with certificates that do not sign one another: broken, invalid', async () => {
    const result = await check(withChain(leaf, other.intermediate));
    expect(result).toMatchObject({ valid: false, domain_matches: true, not_expired: true });
    expect(result.issues).toEqual([m.chainBroken]);
  });

  it('a self-signed certificate is usable but said so', async () => {
    const self = makeCertificate({
      commonName: 'interne.exemple.sn',
      names: ['interne.exemple.sn'],
    });
    expect(await check(self)).toMatchObject({
      valid: true,
      domain_matches: true,
      issues: [m.selfSigned],
    });
  });
});
