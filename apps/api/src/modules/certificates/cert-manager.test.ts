import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { validateObject } from '../../engine/manifests/validate';
import {
  createCertificateTestApp,
  kubernetesChoice,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import {
  CERTS,
  getCertificate,
  holdVerifiedDomain,
  letsEncryptBody,
  requestLetsEncrypt,
} from '../../../test/certificates/api';
import { makeAuthorities, makeCertificate } from '../../../test/certificates/pki';
import { setCertificateDates } from '../../../test/certificates/rows';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { createProject, expectIssue } from '../../../test/helpers/project-factories';

/**
 * The Kubernetes runtime: the platform renders a cert-manager Issuer and Certificate, applies
 * them to the (fake) API server, follows the Ready condition and copies the issued Secret. The
 * test plays cert-manager's part: it sets the conditions and writes the Secret.
 */
const NS = 'nuagedeploy-certificats';
const base = `/apis/cert-manager.io/v1/namespaces/${NS}`;
const secretPath = (id: string) => `/api/v1/namespaces/${NS}/secrets/cert-${id}-tls`;
const certificatePath = (id: string) => `${base}/certificates/cert-${id}`;
const pki = makeAuthorities('Cluster');
const solver = {
  cloudflare: { apiTokenSecretRef: { name: 'cloudflare-jeton', key: 'api-token' } },
};

let kube: FakeKubeApi;
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;

/** What cert-manager does once the authority has signed: Ready, and the Secret written. */
function certManagerIssues(id: string, names: string[]) {
  const leaf = makeCertificate({ commonName: names[0]!, names, issuer: pki.intermediate });
  const stored = kube.objects.get(certificatePath(id))!;
  kube.objects.set(certificatePath(id), {
    ...stored,
    status: { conditions: [{ type: 'Ready', status: 'True', reason: 'Ready' }] },
  });
  kube.objects.set(secretPath(id), {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/tls',
    metadata: { name: `cert-${id}-tls`, namespace: NS },
    data: {
      'tls.crt': Buffer.from(leaf.certPem + pki.intermediate.certPem).toString('base64'),
      'tls.key': Buffer.from(leaf.keyPem).toString('base64'),
    },
  });
  return leaf;
}

/** The worker follows cert-manager every 10 s: the test does not wait for that. */
const followNow = (id: string) => setCertificateDates(t, id, { nextAttemptAt: new Date() });

beforeAll(async () => {
  kube = new FakeKubeApi();
  await kube.start();
  t = await createCertificateTestApp({
    choice: kubernetesChoice(kube.url),
    certificates: { certManager: { namespace: NS, dns01Solver: solver } },
  });
  dev = await createVerifiedUser(t);
  projectId = (await createProject(t, dev.token)).id;
});
afterAll(async () => {
  await t.close();
  await kube.close();
});

describe('an order on Kubernetes', () => {
  it('applies a namespace, an Issuer (staging server, the e-mail) and a Certificate that validate against the schemas', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { staging: true, email: 'ops@exemple.sn' }),
    );
    expect(created.mode_emission).toBe('cert-manager');
    await t.worker.tick();

    const issuer = kube.objects.get(`${base}/issuers/acme-${created.id}`)!;
    const certificate = kube.objects.get(certificatePath(created.id))!;
    expect(kube.objects.get(`/api/v1/namespaces/${NS}`)).toBeDefined();
    expect(issuer.spec).toEqual({
      acme: {
        server: 'https://acme-staging-v02.api.letsencrypt.org/directory',
        email: 'ops@exemple.sn',
        privateKeySecretRef: { name: `acme-${created.id}-compte` },
        solvers: [{ http01: { ingress: {} } }],
      },
    });
    expect(certificate.spec).toMatchObject({
      secretName: `cert-${created.id}-tls`,
      dnsNames: ['boutique.exemple.sn'],
      issuerRef: { name: `acme-${created.id}`, kind: 'Issuer', group: 'cert-manager.io' },
      renewBefore: '720h',
    });
    for (const object of [issuer, certificate]) expect(() => validateObject(object)).not.toThrow();
    for (const write of kube.writes())
      expect(write.contentType).toBe('application/apply-patch+yaml');
    // Not Ready yet: still in progress, followed again shortly.
    expect(await getCertificate(t, dev.token, created.id)).toMatchObject({
      statut: 'En cours de renouvellement',
      contenu_certificat: null,
    });
  });

  it('follows the Ready condition, copies the Secret, and a renewal gets a new certificate from cert-manager', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'suivi.exemple.sn' }),
    );
    await t.worker.tick();
    const first = certManagerIssues(created.id, ['suivi.exemple.sn']);
    await followNow(created.id);
    await t.worker.tick();
    const issued = await getCertificate(t, dev.token, created.id);
    expect(issued).toMatchObject({
      statut: 'Actif',
      emetteur: 'Cluster Intermediaire',
      domaines: ['suivi.exemple.sn'],
    });
    expect(issued.contenu_certificat).toContain(first.certPem.split('\n')[1]);

    const renew = await call(t, 'POST', `${CERTS}/${created.id}/renew`, {
      token: dev.token,
      body: {},
    });
    expect(renew.json()).toMatchObject({ statut: 'En cours de renouvellement' });
    await t.worker.tick();
    // cert-manager re-issues a Certificate whose Secret is missing.
    expect(kube.objects.has(secretPath(created.id))).toBe(false);
    const second = certManagerIssues(created.id, ['suivi.exemple.sn']);
    await followNow(created.id);
    await t.worker.tick();
    const renewed = await getCertificate(t, dev.token, created.id);
    expect(renewed.statut).toBe('Actif');
    expect(renewed.contenu_certificat).toContain(second.certPem.split('\n')[1]);
  });

  it('reports cert-manager’s failure in French', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'refus.exemple.sn' }),
    );
    await t.worker.tick();
    const stored = kube.objects.get(certificatePath(created.id))!;
    kube.objects.set(certificatePath(created.id), {
      ...stored,
      status: {
        lastFailureTime: new Date().toISOString(),
        conditions: [
          { type: 'Ready', status: 'False', reason: 'DoesNotExist' },
          {
            type: 'Issuing',
            status: 'False',
            reason: 'Failed',
            message: 'The certificate request has failed to complete',
          },
        ],
      },
    });
    await followNow(created.id);
    await t.worker.tick();
    expect((await getCertificate(t, dev.token, created.id)).derniere_erreur).toBe(
      "cert-manager n'a pas pu émettre le certificat : The certificate request has failed to complete",
    );
  });

  it('a wildcard uses the configured DNS-01 solver', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: '*.apps.exemple.sn' }),
    );
    await t.worker.tick();
    const issuer = kube.objects.get(`${base}/issuers/acme-${created.id}`)!;
    expect((issuer.spec as { acme: { solvers: unknown[] } }).acme.solvers).toEqual([
      { dns01: solver },
    ]);
    expect(
      (kube.objects.get(certificatePath(created.id))!.spec as { dnsNames: string[] }).dnsNames,
    ).toEqual(['*.apps.exemple.sn', 'apps.exemple.sn']);
    expect(() => validateObject(issuer)).not.toThrow();
  });

  it('deleting the certificate removes its cert-manager objects', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'supprime.exemple.sn' }),
    );
    await t.worker.tick();
    certManagerIssues(created.id, ['supprime.exemple.sn']);
    const res = await call(t, 'DELETE', `${CERTS}/${created.id}`, { token: dev.token });
    expect(res.statusCode).toBe(200);
    expect([...kube.objects.keys()].filter((path) => path.includes(created.id))).toEqual([]);
  });
});

describe('without a valid DNS-01 solver', () => {
  it('a wildcard is refused in French, and an invalid solver fails validation before reaching the cluster', async () => {
    const bare = await createCertificateTestApp({ choice: kubernetesChoice(kube.url) });
    const broken = await createCertificateTestApp({
      choice: kubernetesChoice(kube.url),
      certificates: {
        certManager: {
          namespace: NS,
          dns01Solver: { cloudflare: { apiTokenSecretRef: 'pas-un-objet' } },
        },
      },
    });
    try {
      const user = await createVerifiedUser(bare);
      const project = await createProject(bare, user.token);
      await holdVerifiedDomain(bare, project.id, 'boutique.exemple.sn');
      const refused = await call(bare, 'POST', `${CERTS}/letsencrypt`, {
        token: user.token,
        body: letsEncryptBody(project.id, { wildcard: true }),
      });
      expectIssue(refused, ['body', 'wildcard'], m.wildcardNeedsDns01);

      const owner = await createVerifiedUser(broken);
      const other = await createProject(broken, owner.token);
      const created = await requestLetsEncrypt(
        broken,
        owner.token,
        letsEncryptBody(other.id, { nom_domaine: 'casse.exemple.sn', wildcard: true }),
      );
      const writes = kube.writes().length;
      await broken.worker.tick();
      const failed = await getCertificate(broken, owner.token, created.id);
      expect(failed.statut).toBe('Échec');
      expect(failed.derniere_erreur).toMatch(
        /^Objet cert-manager invalide \(configuration de la plateforme\) : cert-manager\.io\/v1\/Issuer/,
      );
      // The namespace may be applied; the invalid Issuer never is.
      expect(
        kube
          .writes()
          .slice(writes)
          .map((w) => w.path),
      ).not.toContain(`${base}/issuers/acme-${created.id}`);
    } finally {
      await bare.close();
      await broken.close();
    }
  });
});
