import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import {
  CERTS,
  createCustom,
  customBody,
  getCertificate,
  letsEncryptBody,
  requestLetsEncrypt,
  validate,
} from '../../../test/certificates/api';
import { DAY, makeCertificate, opensslVerifies } from '../../../test/certificates/pki';
import { certificateRow, setCertificateDates } from '../../../test/certificates/rows';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import {
  createEnvironment,
  createProject,
  insertApplication,
} from '../../../test/helpers/project-factories';
import { SIMULATION_AUTHORITY_NAME } from './simulation/authority';

/** The simulation runtime: a local authority signs at once, and every answer says so. */
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
const split = (pem: string) => pem.split(/(?=-----BEGIN CERTIFICATE-----)/);

beforeAll(async () => {
  t = await createCertificateTestApp();
  dev = await createVerifiedUser(t);
  projectId = (await createProject(t, dev.token)).id;
});
afterAll(() => t.close());

describe("a Let's Encrypt request on the simulation runtime", () => {
  it('is issued by the local simulation authority, which says so', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'demo.exemple.sn', wildcard: true }),
    );
    expect(created).toMatchObject({
      statut: 'En cours de renouvellement',
      mode_emission: 'simulation',
      simulation: true,
    });
    await t.worker.tick();
    const issued = await getCertificate(t, dev.token, created.id);
    expect(issued).toMatchObject({
      statut: 'Actif',
      emetteur: SIMULATION_AUTHORITY_NAME,
      simulation: true,
      domaines: ['*.demo.exemple.sn', 'demo.exemple.sn'],
      expire_dans_jours: 89,
    });
    const [leaf, root] = split(issued.contenu_certificat!);
    expect(opensslVerifies(leaf!, root!)).toBe(true);
    expect(await validate(t, dev.token, created.id)).toEqual({
      valid: true,
      domain_matches: true,
      not_expired: true,
      expires_in_days: 89,
      issues: [m.simulation],
    });
  });

  it('is renewed on request with a new certificate and key, and the applications using it are re-applied', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'renouveau.exemple.sn' }),
    );
    await t.worker.tick();
    const env = await createEnvironment(t, dev.token, projectId);
    const appId = await insertApplication(t, { projectId, environmentId: env.id });
    await t.database.db
      .update(deployments)
      .set({ certificateId: created.id, domain: 'renouveau.exemple.sn' })
      .where(eq(deployments.id, appId));
    const before = await certificateRow(t, created.id);
    const [appBefore] = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.id, appId));

    const res = await call(t, 'POST', `${CERTS}/${created.id}/renew`, { token: dev.token });
    expect(res.json()).toMatchObject({
      statut: 'En cours de renouvellement',
      contenu_certificat: before.certificatePem,
    });
    await t.worker.tick();

    const after = await certificateRow(t, created.id);
    expect(after.status).toBe('Actif');
    expect(after.certificatePem).not.toBe(before.certificatePem);
    expect(after.privateKeySealed).not.toBe(before.privateKeySealed);
    const [appAfter] = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.id, appId));
    expect(appAfter!.generation).toBe(appBefore!.generation + 1);
    expect(appAfter!.events[0]!.message).toBe(
      'Certificat TLS mis à jour : le nouveau certificat est appliqué',
    );
  });
});

describe('expiry', () => {
  it('reads Expiré as soon as the date has passed, and the worker records it', async () => {
    const leaf = makeCertificate({
      commonName: 'court.exemple.sn',
      names: ['court.exemple.sn'],
      end: new Date(Date.now() + 2 * DAY),
    });
    const created = await createCustom(t, dev.token, customBody(projectId, leaf));
    await setCertificateDates(t, created.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await getCertificate(t, dev.token, created.id)).statut).toBe('Expiré');
    expect((await certificateRow(t, created.id)).status).toBe('Actif');
    await t.worker.tick();
    expect((await certificateRow(t, created.id)).status).toBe('Expiré');
  });

  it("an expired Let's Encrypt certificate is renewed by the worker and becomes Actif again", async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'expire.exemple.sn' }),
    );
    await t.worker.tick();
    await setCertificateDates(t, created.id, {
      expiresAt: new Date(Date.now() - 1000),
      nextAttemptAt: new Date(),
    });
    await t.worker.tick();
    const row = await certificateRow(t, created.id);
    expect(row.status).toBe('Actif');
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 80 * DAY);
  });
});
