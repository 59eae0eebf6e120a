import type { Certificate, CertificateValidation } from '@nuage/shared/certificate-types';
import { X509Certificate } from 'node:crypto';
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

export async function requestLetsEncrypt(
  t: TestApp,
  token: string,
  body: unknown,
): Promise<Certificate> {
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
