import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  HOSTILE_PASSWORD,
  TEST_CERTIFICATE,
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from '../../../test/engine/manifests/test-fixtures';
import {
  removeApplicationManifest,
  writeApplicationManifest,
  writeEnvironmentManifests,
} from './write';

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'manifests-')), 'env-folder');
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const tls = VARIANTS.find((v) => v.tls)!;
const wordpress = makeSpec({ template: 'wordpress', variant: tls, password: HOSTILE_PASSWORD });
const odoo = makeSpec({
  template: 'odoo',
  deploymentId: '99999999-8888-4777-8666-555555555555',
  password: HOSTILE_PASSWORD,
});
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('writeEnvironmentManifests', () => {
  it('writes namespace.yaml and one file per application, readable as Kubernetes objects', async () => {
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress, odoo]);
    expect((await readdir(dir)).sort()).toEqual(
      [`${odoo.name}.yaml`, 'namespace.yaml', `${wordpress.name}.yaml`].sort(),
    );
    const ns = parseAllDocuments(await readFile(path.join(dir, 'namespace.yaml'), 'utf8'));
    expect(ns.map((d) => d.toJS().kind)).toEqual([
      'Namespace',
      'ResourceQuota',
      'RoleBinding',
      'NetworkPolicy',
      'NetworkPolicy',
      'LimitRange',
    ]);
    const app = parseAllDocuments(await readFile(path.join(dir, `${wordpress.name}.yaml`), 'utf8'));
    expect(app.map((d) => d.toJS().kind)).toContain('Deployment');
  });

  it('never writes a password or private key to disk, and says why in the file', async () => {
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress, odoo]);
    for (const spec of [wordpress, odoo]) {
      const text = await readFile(path.join(dir, `${spec.name}.yaml`), 'utf8');
      expect(text).toMatch(/^# Généré par NuageDeploy/);
      expect(text).toContain('masquées (REDACTED)');
      for (const secret of [
        ...Object.values(spec.secretData).filter((v) => v !== undefined),
        TEST_CERTIFICATE.privateKeyPem,
      ]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(b64(secret));
      }
      const secret = parseAllDocuments(text)
        .map((d) => d.toJS())
        .find((o) => o.kind === 'Secret' && o.type === 'Opaque');
      expect(Object.keys(secret.stringData).sort()).toEqual(Object.keys(spec.secretData).sort());
      expect(new Set(Object.values(secret.stringData))).toEqual(new Set(['REDACTED']));
      expect(secret.data).toBeUndefined();
    }
    // The certificate is public and stays readable; only its key is masked.
    const tlsSecret = parseAllDocuments(
      await readFile(path.join(dir, `${wordpress.name}.yaml`), 'utf8'),
    )
      .map((d) => d.toJS())
      .find((o) => o.type === 'kubernetes.io/tls');
    expect(tlsSecret.data['tls.crt']).toBe(b64(TEST_CERTIFICATE.certificatePem));
    expect(tlsSecret.stringData).toEqual({ 'tls.key': 'REDACTED' });
  });

  it('removes the files of applications that are gone, and only files it wrote', async () => {
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress, odoo]);
    await writeFile(path.join(dir, 'operator-notes.yaml'), 'kind: ConfigMap\n');
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress]);
    expect((await readdir(dir)).sort()).toEqual(
      ['namespace.yaml', 'operator-notes.yaml', `${wordpress.name}.yaml`].sort(),
    );
  });

  it('replaces files whole, leaving no temporary file behind', async () => {
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress]);
    const moved = { ...wordpress, replicas: 7 };
    await writeEnvironmentManifests(dir, makeEnvironment(), [moved]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const docs = parseAllDocuments(
      await readFile(path.join(dir, `${wordpress.name}.yaml`), 'utf8'),
    ).map((d) => d.toJS());
    expect(docs.find((o) => o.kind === 'Deployment').spec.replicas).toBe(7);
  });
});

describe('writeApplicationManifest / removeApplicationManifest', () => {
  it('rewrites one application without touching the others, and removes only its own file', async () => {
    await writeEnvironmentManifests(dir, makeEnvironment(), [wordpress, odoo]);
    const odooBefore = await readFile(path.join(dir, `${odoo.name}.yaml`), 'utf8');
    await writeFile(path.join(dir, 'notes-operateur.yaml'), 'kind: Note\n');

    const scaled = { ...wordpress, replicas: 4 };
    expect(await writeApplicationManifest(dir, scaled)).toBe(`${wordpress.name}.yaml`);
    const docs = parseAllDocuments(
      await readFile(path.join(dir, `${wordpress.name}.yaml`), 'utf8'),
    );
    const deployment = docs.map((d) => d.toJS()).find((o) => o.kind === 'Deployment');
    expect(deployment.spec.replicas).toBe(4);
    expect(await readFile(path.join(dir, `${odoo.name}.yaml`), 'utf8')).toBe(odooBefore);

    await removeApplicationManifest(dir, wordpress.name);
    await removeApplicationManifest(dir, 'absente'); // nothing to remove: no error
    await removeApplicationManifest(dir, 'notes-operateur'); // not ours: kept
    expect((await readdir(dir)).sort()).toEqual(
      [`${odoo.name}.yaml`, 'namespace.yaml', 'notes-operateur.yaml'].sort(),
    );
  });
});
