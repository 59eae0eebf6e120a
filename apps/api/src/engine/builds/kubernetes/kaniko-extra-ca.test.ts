import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace } from '../../../../test/kubernetes/fake-cluster';
import { playKanikoJobs } from '../../../../test/kubernetes/kaniko-play';
import type { BuildSettings } from '../build-settings';
import { KubeClient } from '../../drivers/kubernetes/kube-client';
import { loadKubeConfig } from '../../drivers/kubernetes/kubeconfig';
import { validateObject } from '../../manifests/validate';
import { DEFAULT_BASE_IMAGES } from '../base-images';
import type { BuildRequest } from '../builder';
import { KanikoImageBuilder } from './kaniko-builder';
import { renderKanikoObjects } from './kaniko-job';

/** Kaniko builds trusting the platform's extra authority (TLS_EXTRA_CA_FILE), on the strict fake API. */
const NS = 'nd-env-test';
const TOKEN = 'glpat-secret-token';
/** A company authority's certificate, as TLS_EXTRA_CA_FILE holds it (the fake registry reads nothing). */
const COMPANY_CA =
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUY29tcGFueS1jYQ==\n-----END CERTIFICATE-----\n';
const settings: BuildSettings = {
  baseImages: DEFAULT_BASE_IMAGES,
  allowPrivateGitHosts: true,
  registry: { url: 'registry.example.com/nuage', username: 'robot', password: 'registry-pass' },
  kanikoImage: 'gcr.io/kaniko-project/executor:v1.23.2',
  workDir: '/tmp',
};

let api: FakeKubeApi;
let git: GitServer;
let nodeSha: string;

const request = (): BuildRequest => ({
  buildId: '3f2b1c9e-0000-4000-8000-000000000002',
  deploymentId: 'dep-1',
  namespace: NS,
  source: { repositoryUrl: git.url('node'), branch: 'main', commitSha: nodeSha },
  templateHint: 'nodejs',
  buildArgs: {},
  imageName: 'nuage-builds/dep-1',
  tag: 'b2',
  limits: { cpuMilli: 1000, ramMb: 2048, timeoutSeconds: 900 },
});
const cluster = (outcome: Parameters<typeof playKanikoJobs>[2]) => playKanikoJobs(api, NS, outcome);
const io = () => ({ signal: new AbortController().signal, onLog: () => undefined });
const writesOf = (kind: string) =>
  api.requests.filter((r) => r.method === 'PATCH' && r.path.includes(`/${kind}/`));

beforeAll(async () => {
  api = new FakeKubeApi();
  await api.start();
  seedNamespace(api, NS);
  git = await startGitServer({ token: TOKEN });
  nodeSha = git.createRepository('node', {
    'package.json': JSON.stringify({ scripts: { start: 'node server.js' } }),
    'server.js': '',
  });
});
afterAll(async () => {
  api.onChange = undefined;
  await api.close();
  await git.close();
});

describe('Kaniko and TLS_EXTRA_CA_FILE', () => {
  it('trusts TLS_EXTRA_CA_FILE for the registry push: the PEM in the build Secret, mounted, --registry-certificate', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kaniko-ca-'));
    const caFile = path.join(dir, 'company-ca.pem');
    await writeFile(caFile, COMPANY_CA);
    const trusting = new KanikoImageBuilder(
      new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'x' }), 2000, {
        qps: 1000,
        burst: 1000,
      }),
      { ...settings, extraCaFile: caFile },
      20,
    );
    cluster('success');
    const secrets = writesOf('secrets').length;
    const jobs = writesOf('jobs').length;
    const withToken = { ...request(), source: { ...request().source, token: TOKEN } };
    await trusting.build(withToken, io());
    const secret = JSON.parse(writesOf('secrets')[secrets]!.body);
    const job = JSON.parse(writesOf('jobs')[jobs]!.body);
    // What was sent passes the schemas (the fake API also checked it, Strict).
    validateObject(secret);
    validateObject(job);
    expect(secret.stringData['extra-ca.crt']).toBe(COMPANY_CA);
    const pod = job.spec.template.spec;
    const kaniko = pod.containers[0];
    expect(kaniko.args).toContain(
      '--registry-certificate=registry.example.com=/nuage/ca/extra-ca.crt',
    );
    expect(kaniko.volumeMounts).toContainEqual({
      name: 'extra-ca',
      mountPath: '/nuage/ca',
      readOnly: true,
    });
    expect(pod.volumes).toContainEqual({
      name: 'extra-ca',
      secret: {
        secretName: job.metadata.name,
        items: [{ key: 'extra-ca.crt', path: 'extra-ca.crt' }],
      },
    });
    expect(kaniko.env).toContainEqual({
      name: 'SSL_CERT_DIR',
      value: '/kaniko/ssl/certs:/nuage/ca',
    });
    // Without the setting, nothing of it.
    const plain = renderKanikoObjects({
      request: request(),
      dockerfile: null,
      settings: { image: settings.kanikoImage, registry: settings.registry! },
    });
    expect(JSON.stringify(plain)).not.toContain('registry-certificate');
    expect(JSON.stringify(plain)).not.toContain('extra-ca');

    const unreadable = new KanikoImageBuilder(
      new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'x' })),
      { ...settings, extraCaFile: path.join(dir, 'absent.pem') },
      20,
    );
    await expect(unreadable.build(withToken, io())).rejects.toThrow(
      /TLS_EXTRA_CA_FILE\) est illisible/,
    );
    await rm(dir, { recursive: true, force: true });
  });
});
