import type { DnsHelp } from '@nuage/shared/dns-help';
import type { Environment, Project } from '@nuage/shared/api-types';
import { expect } from 'vitest';
import { DnsChecker } from '../../src/modules/dns/check';
import { call, createVerifiedUser, type TestUser } from './factories';
import { fakeResolver, type Zone } from './fake-dns';
import { API, createEnvironment, createProject } from './project-factories';
import type { TestApp } from './test-app';

/** One customer: an account of its own, its project (roomy quotas) and one environment. */
export interface Tenant {
  user: TestUser;
  project: Project;
  env: Environment;
}

export async function tenant(t: TestApp, nom: string): Promise<Tenant> {
  const user = (await createVerifiedUser(t, { prenom: nom, nom: 'Client' }))!;
  const project = await createProject(t, user.token, {
    nom: `Projet ${nom}`,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const env = await createEnvironment(t, user.token, project.id);
  return { user, project, env };
}

/** The app's DNS lookups answered from `zone` (mutable: tests add records as an owner would). */
export function useFakeDns(t: TestApp, zone: Zone = {}): Zone {
  t.app.ctx.dns = new DnsChecker(fakeResolver(zone), {
    timeoutMs: 200,
    cacheMs: 0,
    failureCacheMs: 0,
  });
  return zone;
}

export async function dnsHelp(t: TestApp, token: string, deploymentId: string) {
  const res = await call(t, 'GET', `${API}/deployments/deployment/${deploymentId}/dns`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DnsHelp>();
}

/** « Vérifier le DNS »: POST …/dns/verify, the raw answer. */
export function verifyDns(t: TestApp, token: string, deploymentId: string) {
  return call(t, 'POST', `${API}/deployments/deployment/${deploymentId}/dns/verify`, { token });
}

export async function verifyDnsHelp(t: TestApp, token: string, deploymentId: string) {
  const res = await verifyDns(t, token, deploymentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DnsHelp>();
}

/**
 * The owner publishes the TXT record the DNS card shows, then a developer of the project
 * presses « Vérifier le DNS » (`token`, a developer's or admin's): the domain is verified.
 */
export async function proveDomainByTxt(
  t: TestApp,
  zone: Zone,
  token: string,
  deploymentId: string,
) {
  const { propriete } = await dnsHelp(t, token, deploymentId);
  zone[propriete.enregistrement.nom] = { txt: [propriete.enregistrement.valeur] };
  const after = await verifyDnsHelp(t, token, deploymentId);
  expect(after.propriete).toMatchObject({ statut: 'verifie', preuve: 'txt' });
  return after;
}

const zones = new WeakMap<TestApp, Zone>();

/**
 * Its owner proves control of the application's custom domain (the TXT record its DNS card
 * shows), so the runtimes serve it: for tests about what a served domain gets (Ingress, TLS,
 * proxy certificates, the login address), not about the proof itself (dns/ownership.test.ts).
 */
export async function proveDomain(t: TestApp, token: string, deploymentId: string) {
  let zone = zones.get(t);
  if (!zone) {
    zone = useFakeDns(t);
    zones.set(t, zone);
  }
  return proveDomainByTxt(t, zone, token, deploymentId);
}
