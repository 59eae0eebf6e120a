import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema/certificates';
import { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import {
  createCertificateTestApp,
  kubernetesChoice,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import { CERTS, createCustom, customBody } from '../../../test/certificates/api';
import { DAY, makeAuthorities, makeCertificate } from '../../../test/certificates/pki';
import { insertStoredCertificate } from '../../../test/certificates/rows';
import {
  deployApp,
  erpBody,
  postDeploy,
  putDeployment,
  reconcileUntil,
} from '../../../test/helpers/deploy-factories';
import { proveDomain } from '../../../test/helpers/domain-factories';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import {
  createEnvironment,
  createProject,
  expectDetail,
  expectIssue,
} from '../../../test/helpers/project-factories';
import { CERTIFICATE_NOT_FOUND } from '../deployments/tls';

/**
 * SPEC §3 certificat_tls_id + nom_de_domaine: a certificate of the project that covers the
 * domain goes into the application's TLS (on Kubernetes, the Ingress's kubernetes.io/tls Secret).
 */
const pki = makeAuthorities('Applis');
const wildcard = makeCertificate({
  commonName: '*.exemple.sn',
  names: ['*.exemple.sn'],
  issuer: pki.intermediate,
});
const b64 = (s: string) => Buffer.from(s).toString('base64');

let kube: FakeKubeApi;
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
let envId: string;
let certificateId: string;

type Json = Record<string, unknown>;
const objectsOfKind = (kind: string) => [...kube.objects.values()].filter((o) => o.kind === kind);
const tlsSecrets = () => objectsOfKind('Secret').filter((s) => s.type === 'kubernetes.io/tls');

beforeAll(async () => {
  kube = new FakeKubeApi();
  await kube.start();
  t = await createCertificateTestApp({ choice: kubernetesChoice(kube.url) });
  dev = await createVerifiedUser(t);
  projectId = (
    await createProject(t, dev.token, { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 })
  ).id;
  envId = (await createEnvironment(t, dev.token, projectId)).id;
  const chain = { certPem: wildcard.certPem + pki.intermediate.certPem, keyPem: wildcard.keyPem };
  certificateId = (await createCustom(t, dev.token, customBody(projectId, chain, { nom: 'Joker' })))
    .id;
});
afterAll(async () => {
  await t.close();
  await kube.close();
});

describe('attaching a certificate to an application', () => {
  it('is refused without a domain, for a domain it does not cover, or from another project', async () => {
    const noDomain = await postDeploy(
      t,
      dev.token,
      envId,
      erpBody({ certificat_tls_id: certificateId }),
    );
    expectIssue(noDomain, ['body', 'certificat_tls_id'], m.domainRequiredWithCertificate);
    const apex = await postDeploy(
      t,
      dev.token,
      envId,
      erpBody({ certificat_tls_id: certificateId, nom_domaine: 'exemple.sn' }),
    );
    expectIssue(
      apex,
      ['body', 'certificat_tls_id'],
      m.domainNotCovered('exemple.sn', '*.exemple.sn'),
    );
    const deep = await postDeploy(
      t,
      dev.token,
      envId,
      erpBody({ certificat_tls_id: certificateId, nom_domaine: 'a.b.exemple.sn' }),
    );
    expectIssue(
      deep,
      ['body', 'certificat_tls_id'],
      m.domainNotCovered('a.b.exemple.sn', '*.exemple.sn'),
    );

    const otherProject = await createProject(t, dev.token, { nom: 'Autre projet' });
    const otherEnv = await createEnvironment(t, dev.token, otherProject.id);
    const foreign = await postDeploy(
      t,
      dev.token,
      otherEnv.id,
      erpBody({ certificat_tls_id: certificateId, nom_domaine: 'boutique.exemple.sn' }),
    );
    expectIssue(foreign, ['body', 'certificat_tls_id'], CERTIFICATE_NOT_FOUND);
  });

  it('is refused for a certificate that has expired', async () => {
    const old = makeCertificate({
      commonName: 'vieux.exemple.sn',
      names: ['vieux.exemple.sn'],
      issuer: pki.intermediate,
      start: new Date(Date.now() - 99 * DAY),
      end: new Date(Date.now() - DAY),
    });
    const id = await insertStoredCertificate(t, { projectId, ...old, domain: 'vieux.exemple.sn' });
    const res = await postDeploy(
      t,
      dev.token,
      envId,
      erpBody({ certificat_tls_id: id, nom_domaine: 'vieux.exemple.sn' }),
    );
    expectIssue(res, ['body', 'certificat_tls_id'], m.certificateUnusable('Expiré'));
    // Nor while a renewal runs past the date: the stored certificate is still the expired one.
    await t.database.db
      .update(certificates)
      .set({ status: 'En cours de renouvellement' })
      .where(eq(certificates.id, id));
    const renewing = await postDeploy(
      t,
      dev.token,
      envId,
      erpBody({ certificat_tls_id: id, nom_domaine: 'vieux.exemple.sn' }),
    );
    expectIssue(renewing, ['body', 'certificat_tls_id'], m.certificateUnusable('Expiré'));
  });
});

describe('an application with a certificate', () => {
  let appId: string;

  it('gets the certificate in its Ingress TLS Secret on Kubernetes', async () => {
    const app = await deployApp(t, dev.token, envId, {
      nom: 'Boutique',
      certificat_tls_id: certificateId,
      nom_domaine: 'boutique.exemple.sn',
    });
    appId = app.id;
    await proveDomain(t, dev.token, app.id);
    await reconcileUntil(t, async () => objectsOfKind('Ingress').length > 1);
    // The custom domain's Ingress (the other one serves `<label>.<APPS_DOMAIN>`).
    const ingress = objectsOfKind('Ingress').find((i) =>
      (i.metadata as Json).name?.toString().endsWith('-domain'),
    );
    const [secret] = tlsSecrets();
    const tls = (ingress!.spec as { tls: { hosts: string[]; secretName: string }[] }).tls;
    expect(tls).toEqual([
      { hosts: ['boutique.exemple.sn'], secretName: (secret!.metadata as Json).name },
    ]);
    expect((secret!.data as Json)['tls.crt']).toBe(
      b64(wildcard.certPem.trim() + '\n' + pki.intermediate.certPem.trim() + '\n'),
    );
    expect(Buffer.from((secret!.data as Json)['tls.key'] as string, 'base64').toString()).toContain(
      'BEGIN PRIVATE KEY',
    );
  });

  it("names its certificate on the application's page, never by its id alone", async () => {
    const res = await call(t, 'GET', `/api/v1/deployments/deployment/${appId}`, {
      token: dev.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Json>().certificat_tls).toEqual({
      id: certificateId,
      nom: 'Joker',
      domaine: 'exemple.sn',
    });
  });

  it('a domain change it does not cover is refused', async () => {
    const res = await putDeployment(t, dev.token, appId, { nom_de_domaine: 'boutique.autre.sn' });
    expectIssue(
      res,
      ['body', 'certificat_tls_id'],
      m.domainNotCovered('boutique.autre.sn', '*.exemple.sn'),
    );
  });

  it('a replacement certificate must still cover it, and then reaches its TLS Secret', async () => {
    const narrow = makeCertificate({
      commonName: 'blog.exemple.sn',
      names: ['blog.exemple.sn'],
      issuer: pki.intermediate,
    });
    const refused = await call(t, 'PUT', `${CERTS}/${certificateId}`, {
      token: dev.token,
      body: { contenu_certificat: narrow.certPem, contenu_cle_privee: narrow.keyPem },
    });
    expectIssue(
      refused,
      ['body', 'contenu_certificat'],
      m.stillCoversApplications('boutique.exemple.sn', 'Boutique'),
    );

    const next = makeCertificate({
      commonName: '*.exemple.sn',
      names: ['*.exemple.sn', 'exemple.sn'],
      issuer: pki.intermediate,
    });
    const replaced = await call(t, 'PUT', `${CERTS}/${certificateId}`, {
      token: dev.token,
      body: { contenu_certificat: next.certPem, contenu_cle_privee: next.keyPem },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await reconcileUntil(
      t,
      async () => (tlsSecrets()[0]!.data as Json)['tls.crt'] === b64(next.certPem.trim() + '\n'),
    );
  });

  it('keeps its certificate from being deleted (409, naming it)', async () => {
    const res = await call(t, 'DELETE', `${CERTS}/${certificateId}`, { token: dev.token });
    expectDetail(res, 409, m.inUse("l'application « Boutique »"));
  });
});
