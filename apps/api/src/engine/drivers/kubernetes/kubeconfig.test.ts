import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEnvironment } from '../../../../test/engine/manifests/test-fixtures';
import { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { TEST_RENDER } from '../../../../test/kubernetes/fake-cluster';
import { findKubeConnection } from './kube-detect';
import { KubernetesDriver } from './kubernetes-driver';

let dir: string;
let api: FakeKubeApi;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kubeconfig-'));
  api = new FakeKubeApi();
  await api.start();
});
afterEach(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const kubeconfig = (server: string, token: string, context: string) => `apiVersion: v1
kind: Config
clusters:
  - name: local
    cluster: { server: "${server}", insecure-skip-tls-verify: true }
  - name: elsewhere
    cluster: { server: "http://127.0.0.1:9", insecure-skip-tls-verify: true }
users:
  - name: operator
    user: { token: "${token}" }
contexts:
  - name: local
    context: { cluster: local, user: operator }
  - name: elsewhere
    context: { cluster: elsewhere, user: operator }
current-context: ${context}
`;

describe('kubeconfig', () => {
  it('drives the cluster of the chosen context of a kubeconfig file, with its credentials', async () => {
    const file = path.join(dir, 'config');
    await writeFile(file, kubeconfig(api.url, 'jeton-operateur', 'elsewhere'));
    const driver = new KubernetesDriver({
      connection: { kind: 'file', path: file, context: 'local' },
      render: TEST_RENDER,
    });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.close();
    expect(api.requests).toHaveLength(5);
    for (const r of api.requests) expect(r.authorization).toBe('Bearer jeton-operateur');
  });

  it('finds $KUBECONFIG first, then ~/.kube/config, else nothing', async () => {
    const file = path.join(dir, 'config');
    await writeFile(file, kubeconfig(api.url, 't', 'local'));
    expect(findKubeConnection({ KUBECONFIG: `/nope${path.delimiter}${file}`, HOME: dir })).toEqual({
      kind: 'file',
      path: file,
    });
    expect(findKubeConnection({ HOME: dir })).toBeNull();
    const home = path.join(dir, 'home');
    await mkdir(path.join(home, '.kube'), { recursive: true });
    await writeFile(path.join(home, '.kube', 'config'), kubeconfig(api.url, 't', 'local'));
    expect(findKubeConnection({ HOME: home })).toEqual({
      kind: 'file',
      path: path.join(home, '.kube', 'config'),
    });
  });
});
