import { evaluate } from '@marcbachmann/cel-js';
import { ValidatingAdmissionPolicy } from 'kubernetes-models/admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy';
import { ValidatingAdmissionPolicyBinding } from 'kubernetes-models/admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding';
import { ClusterRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRole';
import { ClusterRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRoleBinding';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { validateObject } from '../../manifests/validate';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  readyStatus,
  refOf,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { VARIANTS, makeEnvironment, makeSpec } from '../../manifests/test-fixtures';
import { CertManagerApi } from './cert-manager';
import { startGitServer } from '../../../../../../e2e/support/git-server/git-server';
import { playKanikoJobs } from '../../../../test/kubernetes/kaniko-play';
import { DEFAULT_BASE_IMAGES } from '../../builds/base-images';
import { KanikoImageBuilder } from '../../builds/kubernetes/kaniko-builder';
import { KubeClient } from './kube-client';
import { loadKubeConfig } from './kubeconfig';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * deploy/kubernetes/platform.yaml grants exactly what the driver uses: the verbs and resources
 * are not listed by hand here but recorded from every request of a full lifecycle against the
 * fake API server (which records each request's RBAC verb, an apply that creates counting as
 * patch and create), then compared with the roles, both ways.
 */

type Rule = { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] };
type Doc = {
  kind: string;
  metadata: { name: string; namespace?: string };
  rules?: Rule[];
  spec?: Record<string, unknown>;
};

const manifest = fileURLToPath(
  new URL('../../../../../../deploy/kubernetes/platform.yaml', import.meta.url),
);
let docs: Doc[];
const grants = (kind: string, name: string) => {
  const role = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!role) throw new Error(`${kind} ${name} missing`);
  return new Set(
    role.rules!.flatMap((r) =>
      r.apiGroups.flatMap((g) =>
        r.resources.flatMap((res) =>
          r.verbs.map(
            (v) => `${g}|${res}|${v}${r.resourceNames ? `|${r.resourceNames.join(',')}` : ''}`,
          ),
        ),
      ),
    ),
  );
};

let api: FakeKubeApi;
let driver: KubernetesDriver;

/** Everything the driver does, on every shape of application (domain, certificate, none). */
async function lifecycle() {
  const env = makeEnvironment();
  const tls = VARIANTS.find((v) => v.tls)!;
  const spec = makeSpec({ template: 'wordpress', variant: tls });
  const quota = (cpuMilli: number) => ({
    projectId: env.projectId,
    quota: env.quota,
    environments: [{ environment: env, reserved: { cpuMilli, ramMb: 0, storageMb: 0 } }],
  });
  await driver.ensureEnvironment(env);
  await driver.ensureEnvironment(env);
  await driver.distributeQuota(quota(0));
  await driver.distributeQuota(quota(1000));
  await driver.apply(spec);
  await driver.apply(
    makeSpec({ template: 'wordpress', variant: { ...tls, domain: null, tls: false } }),
  );
  seedPod(api, spec, 'app', `${spec.name}-a`, readyStatus(spec.app.image));
  api.logs.set(`${spec.namespace}/${spec.name}-a/${spec.name}`, 'ligne\n');
  await eventually(async () => expect((await driver.status(refOf(spec))).pods).toHaveLength(1));
  await driver.logs(refOf(spec), { tailLines: 10 });
  await driver.metrics(refOf(spec));
  await driver.scale(refOf(spec), 2);
  await driver.restart(refOf(spec));
  await kanikoBuild(spec.namespace);
  await driver.remove(refOf(spec));
  await driver.removeEnvironment(env);
}

/** A code build in the application's namespace (engine/builds/kubernetes), generated Dockerfile. */
async function kanikoBuild(namespace: string) {
  const git = await startGitServer();
  try {
    const sha = git.createRepository('app', { 'index.html': '<h1>site</h1>' });
    const builder = new KanikoImageBuilder(
      new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'jeton' })),
      {
        baseImages: DEFAULT_BASE_IMAGES,
        allowPrivateGitHosts: true,
        registry: { url: 'registry.example.com/nuage' },
        kanikoImage: 'gcr.io/kaniko-project/executor:v1.23.2',
        workDir: '/tmp',
      },
      20,
    );
    playKanikoJobs(api, namespace, 'success');
    await builder.build(
      {
        buildId: 'rbac-build',
        deploymentId: 'd',
        namespace,
        source: { repositoryUrl: git.url('app'), branch: 'main', commitSha: sha },
        templateHint: null,
        buildArgs: {},
        imageName: 'nuage-builds/d',
        tag: '1',
        limits: { cpuMilli: 500, ramMb: 512, timeoutSeconds: 600 },
      },
      { signal: new AbortController().signal, onLog: () => {} },
    );
    api.onChange = undefined;
  } finally {
    await git.close();
  }
}

const actions = () =>
  new Set(
    api.requests.flatMap((r) =>
      r.rbac.map((a) => ({ ...a, key: `${a.group}|${a.resource}|${a.verb}` })),
    ),
  );

beforeAll(async () => {
  docs = parseAllDocuments(await readFile(manifest, 'utf8')).map((d) => d.toJS() as Doc);
  ({ api, driver } = await startFakeCluster());
  await lifecycle();
});
afterAll(async () => {
  await driver.close();
  await api.close();
});

const EXTRA_MODELS: Record<string, new (data: never) => { validate(): void }> = {
  ServiceAccount,
  ClusterRole,
  ClusterRoleBinding,
  Role,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
};

describe('deploy/kubernetes/platform.yaml RBAC, derived from the driver', () => {
  it('holds only objects that validate against the Kubernetes schemas', () => {
    expect(docs.length).toBeGreaterThan(10);
    for (const doc of docs) {
      const Model = EXTRA_MODELS[doc.kind];
      if (Model) new Model(doc as never).validate();
      else validateObject(doc);
    }
  });

  it('cluster-wide: namespaces and RoleBindings (guarded below), and bind on the tenant role only', () => {
    const used = new Set(
      [...actions()]
        .filter((a) => a.namespace === null || a.resource === 'rolebindings')
        .map((a) => a.key),
    );
    // Creating a RoleBinding to a role the platform does not fully hold needs `bind` on it.
    used.add('rbac.authorization.k8s.io|clusterroles|bind|nuagedeploy-tenant');
    expect([...grants('ClusterRole', 'nuagedeploy-platform')].sort()).toEqual([...used].sort());
    const binding = docs.find((d) => d.kind === 'ClusterRoleBinding')!;
    expect((binding as unknown as { roleRef: { name: string } }).roleRef.name).toBe(
      'nuagedeploy-platform',
    );
    // The tenant role is never bound cluster-wide.
    expect(docs.filter((d) => d.kind === 'ClusterRoleBinding')).toHaveLength(1);
  });

  it('in each namespace, through its RoleBinding: exactly what the driver sends there', () => {
    const used = new Set(
      [...actions()]
        .filter((a) => a.namespace !== null && a.resource !== 'rolebindings')
        .map((a) => a.key),
    );
    expect([...grants('ClusterRole', 'nuagedeploy-tenant')].sort()).toEqual([...used].sort());
  });

  it('cert-manager issuance: its Role in the certificates namespace only', async () => {
    const { api: certApi, driver: certDriver } = await startFakeCluster();
    try {
      const cm = certDriver.certManager();
      const ns = 'nuagedeploy-certificats';
      // The certificates module's issuer (modules/certificates/issuers/cert-manager.ts) calls:
      await cm.apply({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: ns, labels: { 'app.kubernetes.io/managed-by': 'nuagedeploy' } },
      } as never);
      for (const kind of ['Issuer', 'Certificate'])
        await cm.get({
          apiVersion: 'cert-manager.io/v1',
          kind,
          metadata: { name: 'x', namespace: ns },
        });
      await cm.get({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: ns } });
      for (const kind of ['Issuer', 'Certificate'])
        await cm.delete({
          apiVersion: 'cert-manager.io/v1',
          kind,
          metadata: { name: 'x', namespace: ns },
        });
      await cm.delete({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: ns } });
      const used = new Set(
        certApi.requests
          .flatMap((r) => r.rbac)
          .filter((a) => a.namespace === ns)
          .map((a) => `${a.group}|${a.resource}|${a.verb}`),
      );
      // Applies of Issuers and Certificates (patch, create on first apply).
      for (const res of ['issuers', 'certificates'])
        for (const verb of ['patch', 'create']) used.add(`cert-manager.io|${res}|${verb}`);
      expect([...grants('Role', 'nuagedeploy-certificates')].sort()).toEqual([...used].sort());
      expect(CertManagerApi).toBeDefined();
    } finally {
      await certDriver.close();
      await certApi.close();
    }
  });
});

describe('the ValidatingAdmissionPolicy guarding the cluster-wide rights', () => {
  const ours = { app: 'x', 'app.kubernetes.io/managed-by': 'nuagedeploy' };
  const ns = (name: string, labels: Record<string, string> = {}) => ({
    metadata: { name, labels },
  });
  const policy = () =>
    docs.find((d) => d.kind === 'ValidatingAdmissionPolicy')!.spec as {
      matchConditions: { expression: string }[];
      validations: { expression: string }[];
    };
  const admitted = (request: Record<string, unknown>) => {
    const ctx = {
      object: null,
      oldObject: null,
      namespaceObject: null,
      ...request,
      request: {
        userInfo: { username: 'system:serviceaccount:nuagedeploy:nuagedeploy' },
        ...(request.request as object),
      },
    };
    if (!policy().matchConditions.every((c) => evaluate(c.expression, ctx) === true)) return true;
    return policy().validations.every((v) => evaluate(v.expression, ctx) === true);
  };
  const nsRequest = (operation: string) => ({ operation, resource: { resource: 'namespaces' } });
  const rbRequest = (operation: string) => ({ operation, resource: { resource: 'rolebindings' } });
  const binding = (role: string) => ({ roleRef: { kind: 'ClusterRole', name: role } });

  it('lets the platform create, change and delete its own namespaces only', () => {
    expect(admitted({ request: nsRequest('CREATE'), object: ns('env-a', ours) })).toBe(true);
    expect(admitted({ request: nsRequest('CREATE'), object: ns('env-a') })).toBe(false);
    expect(
      admitted({
        request: nsRequest('UPDATE'),
        object: ns('env-a', ours),
        oldObject: ns('env-a', ours),
      }),
    ).toBe(true);
    // Adopting kube-system by labelling it, un-labelling its own, deleting another's: refused.
    expect(
      admitted({
        request: nsRequest('UPDATE'),
        object: ns('kube-system', ours),
        oldObject: ns('kube-system'),
      }),
    ).toBe(false);
    expect(
      admitted({ request: nsRequest('UPDATE'), object: ns('env-a'), oldObject: ns('env-a', ours) }),
    ).toBe(false);
    expect(admitted({ request: nsRequest('DELETE'), oldObject: ns('kube-system') })).toBe(false);
    expect(admitted({ request: nsRequest('DELETE'), oldObject: ns('env-a', ours) })).toBe(true);
  });

  it('lets it bind nuagedeploy-tenant in its own namespaces, nothing else anywhere', () => {
    expect(
      admitted({
        request: rbRequest('CREATE'),
        namespaceObject: ns('env-a', ours),
        object: binding('nuagedeploy-tenant'),
      }),
    ).toBe(true);
    expect(
      admitted({
        request: rbRequest('CREATE'),
        namespaceObject: ns('kube-system'),
        object: binding('nuagedeploy-tenant'),
      }),
    ).toBe(false);
    expect(
      admitted({
        request: rbRequest('UPDATE'),
        namespaceObject: ns('env-a', ours),
        object: binding('cluster-admin'),
      }),
    ).toBe(false);
  });

  it('leaves other accounts alone (their own RBAC applies)', () => {
    expect(
      admitted({
        request: { ...nsRequest('DELETE'), userInfo: { username: 'admin' } },
        oldObject: ns('kube-system'),
      }),
    ).toBe(true);
  });
});
