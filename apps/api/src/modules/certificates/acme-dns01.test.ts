import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAcmeApp } from '../../../test/certificates/acme-context';
import {
  choiceOf,
  createCertificateTestApp,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import {
  CERTS,
  getCertificate,
  holdVerifiedDomain,
  letsEncryptBody,
  requestLetsEncrypt,
  validate,
} from '../../../test/certificates/api';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { createProject, expectIssue } from '../../../test/helpers/project-factories';

/**
 * Wildcards on the Docker runtime: DNS-01 through the configured provider (lego's httpreq), the
 * test authority reading the TXT records the platform published; refused without a provider.
 */
const ctx = useAcmeApp();
const { dns } = ctx;
let t: CertificateTestApp;
let dev: TestUser;
let projectId: string;
beforeAll(() => ({ t, dev, projectId } = ctx));

describe('a wildcard', () => {
  it('is validated by DNS-01 through the configured provider, and covers its apex too', async () => {
    const created = await requestLetsEncrypt(
      t,
      dev.token,
      letsEncryptBody(projectId, { nom_domaine: 'exemple.sn', wildcard: true }),
    );
    expect(created).toMatchObject({
      nom_domaine: '*.exemple.sn',
      wildcard: true,
      domaines: ['*.exemple.sn', 'exemple.sn'],
    });
    await t.worker.tick();
    const issued = await getCertificate(t, dev.token, created.id);
    expect(issued).toMatchObject({ statut: 'Actif', domaines: ['*.exemple.sn', 'exemple.sn'] });
    const presents = dns.calls.filter((c) => c.action === 'present');
    expect(presents.map((c) => c.fqdn)).toEqual([
      '_acme-challenge.exemple.sn.',
      '_acme-challenge.exemple.sn.',
    ]);
    expect(
      presents.every(
        (c) => c.authorization === `Basic ${Buffer.from('dns:secret-dns').toString('base64')}`,
      ),
    ).toBe(true);
    expect(dns.txt('_acme-challenge.exemple.sn.')).toEqual([]);
    expect(
      await validate(t, dev.token, created.id, { nom_domaine: 'api.exemple.sn' }),
    ).toMatchObject({ domain_matches: true });
  });

  it('is refused in French when no DNS-01 solver is configured', async () => {
    const bare = await createCertificateTestApp({ choice: choiceOf('docker') });
    try {
      const user = await createVerifiedUser(bare);
      const project = await createProject(bare, user.token);
      // Names the project holds: the refusal is about the wildcard alone.
      for (const name of ['boutique.exemple.sn', 'exemple.sn'])
        await holdVerifiedDomain(bare, project.id, name);
      for (const body of [
        letsEncryptBody(project.id, { wildcard: true }),
        letsEncryptBody(project.id, { nom_domaine: '*.exemple.sn' }),
      ]) {
        const res = await call(bare, 'POST', `${CERTS}/letsencrypt`, { token: user.token, body });
        expectIssue(res, ['body', 'wildcard'], m.wildcardNeedsDns01);
      }
    } finally {
      await bare.close();
    }
  });
});
