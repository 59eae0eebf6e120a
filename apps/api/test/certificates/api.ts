import type { Certificate, CertificateValidation } from '@nuage/shared/certificate-types';
import { randomUUID, X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { deployments } from '../../src/db/schema/deployments';
import { environments } from '../../src/db/schema/environments';
import { call } from '../helpers/factories';
import { API } from '../helpers/project-factories';
import type { TestApp } from '../helpers/test-app';
import type { Issued } from './pki';

export const CERTS = `${API}/certificates`;

/** The expiry date a user would type: the certificate's own (AAAA-MM-JJ), when it parses. */
function typedExpiry(certPem: string): string {
  try {
    return new Date(new X509Certificate(certPem).validTo).toISOString().slice(0, 10);
  } catch {
    return '2030-01-01';
  }
}

/** SPEC §3 custom creation form, for a project. */
export function customBody(
  projectId: string,
  issued: Issued,
  overrides: Record<string, unknown> = {},
) {
  return {
    nom: 'Boutique',
    projet_id: projectId,
    contenu_certificat: issued.certPem,
    contenu_cle_privee: issued.keyPem,
    date_expiration: typedExpiry(issued.certPem),
    type_certificat: 'Personnalisé',
    ...overrides,
  };
}

export function postCustom(t: TestApp, token: string, body: unknown) {
  return call(t, 'POST', CERTS, { token, body });
}

export async function createCustom(t: TestApp, token: string, body: unknown): Promise<Certificate> {
  const res = await postCustom(t, token, body);
  if (res.statusCode !== 201) throw new Error(`custom certificate: ${res.statusCode} ${res.body}`);
  return res.json<Certificate>();
}

/** SPEC §3 automated-authority form. */
export function letsEncryptBody(projectId: string, overrides: Record<string, unknown> = {}) {
  return {
    nom_domaine: 'boutique.exemple.sn',
    email: 'admin@exemple.sn',
    description: 'Site principal',
    wildcard: false,
    staging: false,
    projet_id: projectId,
    provider: 'letsencrypt',
    ...overrides,
  };
}

/**
 * Orders through the API; fails the test unless the answer is 201. The project first holds the
 * name as a verified domain of one of its applications (holdVerifiedDomain), as an order needs.
 */
export async function requestLetsEncrypt(
  t: TestApp,
  token: string,
  body: unknown,
): Promise<Certificate> {
  const order = body as { projet_id?: unknown; nom_domaine?: unknown };
  if (typeof order.projet_id === 'string' && typeof order.nom_domaine === 'string')
    await holdVerifiedDomain(t, order.projet_id, order.nom_domaine.trim().toLowerCase());
  const res = await call(t, 'POST', `${CERTS}/letsencrypt`, { token, body });
  if (res.statusCode !== 201) throw new Error(`letsencrypt: ${res.statusCode} ${res.body}`);
  return res.json<Certificate>();
}

export async function getCertificate(t: TestApp, token: string, id: string): Promise<Certificate> {
  const res = await call(t, 'GET', `${CERTS}/${id}`, { token });
  if (res.statusCode !== 200) throw new Error(`get certificate: ${res.statusCode} ${res.body}`);
  return res.json<Certificate>();
}

export async function validate(
  t: TestApp,
  token: string,
  id: string,
  body?: unknown,
): Promise<CertificateValidation> {
  const res = await call(t, 'POST', `${CERTS}/${id}/validate`, {
    token,
    ...(body === undefined ? {} : { body }),
  });
  if (res.statusCode !== 200) throw new Error(`validate: ${res.statusCode} ${res.body}`);
  return res.json<CertificateValidation>();
}

/**
 * The project holds `domain` as one of its applications' verified custom domains, which is what
 * a Let's Encrypt order needs (modules/certificates/orderable-names.ts). Written directly: an
 * application row whose owner proved control (how the proof is made is dns/*.test.ts's
 * subject), in an environment of its own that the engine has nothing to do for. `*.x` holds x.
 */
export async function holdVerifiedDomain(t: TestApp, projectId: string, name: string) {
  const domain = name.replace(/^\*\./, '');
  const db = t.database.db;
  const held = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.domain, domain)));
  if (held.length > 0) return held[0]!.id;
  const suffix = randomUUID().slice(0, 8);
  const [env] = await db
    .insert(environments)
    .values({
      projectId,
      nom: `domaines-${suffix}`,
      type: 'prod',
      namespace: `domaines-${suffix}`,
      manifestsDir: `manifests/domaines-${suffix}`,
      status: 'active',
      nextAttemptAt: new Date(Date.now() + 365 * 24 * 3600_000),
    })
    .returning({ id: environments.id });
  const [app] = await db
    .insert(deployments)
    .values({
      projectId,
      environmentId: env!.id,
      nom: `Site ${domain}`,
      hostLabel: `site-${suffix}`,
      category: 'ERP',
      template: 'wordpress',
      imageRegistryUrl: 'docker.io/library/wordpress',
      imageTag: '6.4-apache',
      cpuMilli: 100,
      ramMb: 100,
      storageMb: 100,
      secretsSealed: 'v1:test:test:test',
      domain,
      domainClaimedAt: new Date(),
      domainVerifiedAt: new Date(),
      domainProof: 'txt',
      generation: 1,
      observedGeneration: 1,
      status: 'RUNNING',
      nextAttemptAt: new Date(Date.now() + 365 * 24 * 3600_000),
    })
    .returning({ id: deployments.id });
  return app!.id;
}
