import { afterAll, beforeAll, expect, it } from 'vitest';
import { decryptSecret } from '../../lib/crypto';
import { createCertificateTestApp, type CertificateTestApp } from '../../../test/certificates/app';
import {
  CERTS,
  customBody,
  holdVerifiedDomain,
  letsEncryptBody,
} from '../../../test/certificates/api';
import { makeCertificate, newKey } from '../../../test/certificates/pki';
import { certificateRow } from '../../../test/certificates/rows';
import { call, createVerifiedUser, type CallResponse } from '../../../test/helpers/factories';
import { createProject } from '../../../test/helpers/project-factories';

/**
 * ARCHITECTURE.md: private keys are accepted, stored sealed, never returned by any endpoint nor
 * written to any log. Every certificate call is made (successes and refusals carrying keys),
 * then every answer and every log line is searched for the keys.
 */
let t: CertificateTestApp;
const responses: CallResponse[] = [];
const keys: string[] = [];

/** The base64 lines of a PEM key: any of them in a text means the key leaked. */
const keyLines = (pem: string) =>
  pem.split('\n').filter((line) => line.length >= 40 && !line.startsWith('-----'));

beforeAll(async () => {
  t = await createCertificateTestApp();
  t.app.log.level = 'trace';
});
afterAll(() => t.close());

it('no response and no log line contains a private key', async () => {
  const user = await createVerifiedUser(t);
  const projectId = (await createProject(t, user.token)).id;
  const record = async (res: Promise<CallResponse>) => {
    const r = await res;
    responses.push(r);
    return r;
  };
  const first = makeCertificate({ commonName: 'secret.exemple.sn', names: ['secret.exemple.sn'] });
  const second = makeCertificate({ commonName: 'secret.exemple.sn', names: ['secret.exemple.sn'] });
  const stray = newKey('rsa');
  keys.push(first.keyPem, second.keyPem, stray);

  const created = (
    await record(call(t, 'POST', CERTS, { token: user.token, body: customBody(projectId, first) }))
  ).json<{ id: string }>();
  await record(
    call(t, 'POST', CERTS, {
      token: user.token,
      body: customBody(projectId, { certPem: first.certPem, keyPem: stray }),
    }),
  );
  await record(
    call(t, 'POST', CERTS, {
      token: user.token,
      body: customBody(projectId, { certPem: 'illisible', keyPem: first.keyPem }),
    }),
  );
  await record(
    call(t, 'POST', CERTS, {
      token: user.token,
      body: { ...customBody(projectId, first), nom: '' },
    }),
  );
  await record(
    call(t, 'POST', CERTS, { token: 'jeton-invalide', body: customBody(projectId, first) }),
  );
  await record(
    call(t, 'PUT', `${CERTS}/${created.id}`, {
      token: user.token,
      body: { contenu_cle_privee: stray },
    }),
  );
  await record(
    call(t, 'PUT', `${CERTS}/${created.id}`, {
      token: user.token,
      body: { contenu_certificat: second.certPem, contenu_cle_privee: second.keyPem },
    }),
  );
  await holdVerifiedDomain(t, projectId, 'boutique.exemple.sn');
  const le = (
    await record(
      call(t, 'POST', `${CERTS}/letsencrypt`, {
        token: user.token,
        body: letsEncryptBody(projectId),
      }),
    )
  ).json<{ id: string }>();
  await t.worker.tick();
  const issuedKey = decryptSecret(
    t.secrets.secretsKey,
    (await certificateRow(t, le.id)).privateKeySealed!,
  );
  keys.push(issuedKey);
  for (const id of [created.id, le.id]) {
    await record(call(t, 'GET', `${CERTS}/${id}`, { token: user.token }));
    await record(call(t, 'POST', `${CERTS}/${id}/validate`, { token: user.token }));
  }
  await record(call(t, 'GET', CERTS, { token: user.token }));
  await record(call(t, 'POST', `${CERTS}/${le.id}/renew`, { token: user.token }));
  await t.worker.tick();
  await record(call(t, 'DELETE', `${CERTS}/${created.id}`, { token: user.token }));
  // A log call handed a key by mistake, under the names the code and the API use, is masked too.
  t.app.ctx.log.info(
    { contenu_cle_privee: stray, certificate: { privateKeyPem: stray, keyPem: stray } },
    'log de test',
  );

  // The stored form is sealed, never the PEM.
  expect((await certificateRow(t, le.id)).privateKeySealed).not.toContain('PRIVATE KEY');
  expect(responses.length).toBeGreaterThan(10);
  expect(t.logs.lines.length).toBeGreaterThan(10);
  expect(t.logs.text).toContain('log de test');
  const texts = [...responses.map((r) => r.body), t.logs.text];
  for (const text of texts) {
    expect(text).not.toMatch(/PRIVATE KEY/);
    for (const key of keys) for (const line of keyLines(key)) expect(text).not.toContain(line);
  }
});
