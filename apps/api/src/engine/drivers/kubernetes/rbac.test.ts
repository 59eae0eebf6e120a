import type { DatabasePublicEndpoint } from '../../spec';
import { buildDatabaseServiceSpec } from '../../templates/database-service-spec';
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
import {
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from '../../../../test/engine/manifests/test-fixtures';
import { renderQuota } from '../../manifests/namespace';
import { renderCertManagerObjects } from '../../../modules/certificates/issuers/cert-manager-objects';
import {
  AdmissionPolicies,
  type AdmissionRequest,
  type PolicyDocument,
} from '../../../../test/kubernetes/admission-policies';
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
const volumeStatsManifest = fileURLToPath(
  new URL('../../../../../../deploy/kubernetes/volume-stats.yaml', import.meta.url),
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
  // Automatic scaling on (its HPA applied), then off (pruned) by the next apply.
  await driver.apply({
    ...spec,
    autoscaling: { minReplicas: 1, maxReplicas: 3, cpuTargetPercent: 60, memoryTargetPercent: 80 },
  });
  await driver.apply({
    ...makeSpec({ template: 'wordpress', variant: { ...tls, domain: null, tls: false } }),
    autoscaling: null,
  });
  seedPod(api, spec, 'app', `${spec.name}-a`, readyStatus(spec.app.image));
  api.logs.set(`${spec.namespace}/${spec.name}-a/${spec.name}`, 'ligne\n');
  await eventually(async () => expect((await driver.status(refOf(spec))).pods).toHaveLength(1));
  await driver.logs(refOf(spec), { tailLines: 10 });
  await terminal(spec);
  await driver.metrics(refOf(spec));
  await driver.autoscalerStatus(refOf(spec));
  // The volumes' use from the kubelet of the pod's node (granted by volume-stats.yaml only).
  api.clusterGrants.add('|nodes/proxy|get');
  api.update(`/api/v1/namespaces/${spec.namespace}/pods/${spec.name}-a`, (o) => ({
    ...o,
    spec: { ...(o.spec as object), nodeName: 'noeud-1' },
  }));
  api.kubeletStats.set('noeud-1', { node: { nodeName: 'noeud-1' }, pods: [] });
  await eventually(async () => {
    await driver.volumeUsage(refOf(spec));
    expect(api.requests.some((r) => r.path.endsWith('/proxy/stats/summary'))).toBe(true);
  });
  await driver.scale(refOf(spec), 2);
  await driver.restart(refOf(spec));
  await kanikoBuild(spec.namespace);
  await taskRun(spec);
  await taskSchedules(spec);
  await databasePublicAccess(spec.namespace);
  await driver.remove(refOf(spec));
  await driver.removeEnvironment(env);
}

/** A database's public endpoint (issue 25 item 2): its Service and NetworkPolicy, then pruned. */
async function databasePublicAccess(namespace: string) {
  const database = (publicEndpoint: DatabasePublicEndpoint | null, generation: number) =>
    buildDatabaseServiceSpec({
      deployment: {
        id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        projectId: '11111111-2222-4333-8444-555555555555',
        environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
        runtimeName: 'db-7f1c2d3e4a5b',
        hostLabel: 'db-7f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f',
        generation,
        cpuMilli: 250,
        ramMb: 500,
        storageMb: 1000,
      },
      engine: 'postgresql',
      image: 'docker.io/library/postgres:16',
      host: 'clients',
      namespace,
      secrets: { adminPassword: 'x', dbPassword: 'y', dbRootPassword: 'z' },
      passwordRevision: 0,
      restartRevision: 0,
      stopped: false,
      publicEndpoint,
    });
  const on = { port: 20001, sources: ['203.0.113.7/32'], address: null, targetPort: 5432 };
  await driver.apply(database({ ...on, serviceType: 'LoadBalancer' }, 1));
  await driver.apply(database(null, 2));
  await driver.remove(refOf(database(null, 2)));
}

/** A task run or one-off command (issue 29): its Job, its pod's log, the Job deleted after. */
async function taskRun(spec: ReturnType<typeof makeSpec>) {
  const ns = spec.namespace;
  const outcome = driver.runTask(spec, {
    runId: '5d0f3c1e-2b7a-4c1d-8e9f-0a1b2c3d4e5f',
    command: 'echo bonjour',
    timeoutSeconds: 60,
    onLine: () => {},
    signal: new AbortController().signal,
  });
  const path = await eventually(() => {
    const found = [...api.objects.keys()].find(
      (p) => p.startsWith(`/apis/batch/v1/namespaces/${ns}/jobs/`) && p.includes('-run-'),
    );
    expect(found).toBeDefined();
    return found!;
  });
  const job = api.objects.get(path) as unknown as {
    metadata: { name: string };
    spec: { template: { metadata: { labels: Record<string, string> }; spec: unknown } };
  };
  const pod = `${job.metadata.name}-t4sk1`;
  api.logs.set(`${ns}/${pod}/task`, 'bonjour\n');
  api.put(`/api/v1/namespaces/${ns}/pods/${pod}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: pod, namespace: ns, labels: job.spec.template.metadata.labels },
    spec: job.spec.template.spec as Record<string, unknown>,
    status: { phase: 'Succeeded' },
  });
  api.update(path, (o) => ({
    ...o,
    status: { conditions: [{ type: 'Complete', status: 'True' }] },
  }));
  expect((await outcome).exitCode).toBe(0);
}

/** The browser terminal (issue 29): a shell in the pod over pods/exec, ended by `exit`. */
async function terminal(spec: ReturnType<typeof makeSpec>) {
  const session = await driver.openShell(refOf(spec), { cols: 80, rows: 24 });
  const exited = new Promise((resolve) => session.onExit(resolve));
  session.onData(() => {});
  session.write('exit\r');
  expect(await exited).toBe(0);
}

/** Scheduled tasks (issue 29): CronJobs applied, suspended, one pruned; the last goes with remove(). */
async function taskSchedules(spec: ReturnType<typeof makeSpec>) {
  const task = (taskId: string, enabled: boolean) => ({
    taskId,
    command: 'echo nuit',
    schedule: '0 2 * * *',
    timeZone: 'Africa/Abidjan',
    timeoutSeconds: 600,
    concurrency: 'ignorer' as const,
    enabled,
  });
  const a = '2f9c1d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
  const b = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
  await driver.syncTaskSchedules(spec, [task(a, true), task(b, true)]);
  await driver.syncTaskSchedules(spec, [task(a, false)]);
  expect(
    [...api.objects.keys()].filter((p) =>
      p.startsWith(`/apis/batch/v1/namespaces/${spec.namespace}/cronjobs/`),
    ),
  ).toHaveLength(1);
  await driver.scheduledTaskRuns(refOf(spec));
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
  // Databases' public endpoints allowed (their Service and NetworkPolicy are in the walk).
  ({ api, driver } = await startFakeCluster({ render: { databasePublicService: 'LoadBalancer' } }));
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
        .filter((a) => a.resource !== 'nodes/proxy')
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

  it('the volumes’ disk use: nodes/proxy get, only in the optional volume-stats.yaml', async () => {
    const extra = parseAllDocuments(await readFile(volumeStatsManifest, 'utf8')).map(
      (d) => d.toJS() as Doc,
    );
    const used = [...actions()].filter((a) => a.resource === 'nodes/proxy').map((a) => a.key);
    expect(new Set(used)).toEqual(new Set(['|nodes/proxy|get']));
    const role = extra.find((d) => d.kind === 'ClusterRole')!;
    new ClusterRole(role as never).validate();
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['nodes/proxy'], verbs: ['get'] }]);
    const binding = extra.find((d) => d.kind === 'ClusterRoleBinding') as unknown as {
      roleRef: { name: string };
      subjects: { name: string; namespace: string }[];
    };
    expect(binding.roleRef.name).toBe(role.metadata.name);
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'nuagedeploy', namespace: 'nuagedeploy' },
    ]);
    // platform.yaml itself does not grant it.
    expect([...grants('ClusterRole', 'nuagedeploy-platform')]).not.toContain('|nodes/proxy|get');
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

describe('the ValidatingAdmissionPolicies on the platform’s account', () => {
  const PLATFORM = 'system:serviceaccount:nuagedeploy:nuagedeploy';
  const policyDocs = () => docs as unknown as PolicyDocument[];
  const ENFORCED = {
    'pod-security.kubernetes.io/enforce': 'baseline',
    'pod-security.kubernetes.io/warn': 'restricted',
    'pod-security.kubernetes.io/audit': 'restricted',
  };
  const OURS = { 'app.kubernetes.io/managed-by': 'nuagedeploy' };
  const ns = (name: string, labels: Record<string, string>) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels },
  });
  const tenant = (labels: Record<string, string> = {}) =>
    ns('env-boutique-prod-a1b2c3', {
      ...OURS,
      'nuagedeploy.io/environment-id': 'e1',
      ...ENFORCED,
      ...labels,
    });
  const certificates = ns('nuagedeploy-certificats', { ...OURS, ...ENFORCED });
  const kubeSystem = ns('kube-system', {});
  const without = (o: ReturnType<typeof ns>, label: string) => {
    const labels = { ...o.metadata.labels };
    delete labels[label];
    return ns(o.metadata.name, labels);
  };

  type Op = AdmissionRequest['operation'];
  const nsRequest = (operation: Op, object: object | null, oldObject: object | null = null) => ({
    operation,
    group: '',
    resource: 'namespaces',
    username: PLATFORM,
    object: object as Record<string, unknown> | null,
    oldObject: oldObject as Record<string, unknown> | null,
    namespaceObject: null,
  });
  const inNamespace = (
    resource: string,
    group: string,
    object: object,
    namespaceObject: object = tenant(),
    operation: Op = 'CREATE',
  ) => ({
    operation,
    group,
    resource,
    username: PLATFORM,
    object: object as Record<string, unknown>,
    oldObject: null,
    namespaceObject: namespaceObject as Record<string, unknown>,
  });
  const binding = (
    subjects: object[],
    roleRef = {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: 'nuagedeploy-tenant',
    },
  ) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'nuagedeploy-tenant', namespace: 'env-boutique-prod-a1b2c3' },
    roleRef,
    subjects,
  });
  const PLATFORM_SA = { kind: 'ServiceAccount', name: 'nuagedeploy', namespace: 'nuagedeploy' };
  const rb = (object: object, namespaceObject?: object) =>
    inNamespace('rolebindings', 'rbac.authorization.k8s.io', object, namespaceObject);
  const service = (spec: Record<string, unknown>) =>
    inNamespace('services', '', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'site', namespace: 'env-boutique-prod-a1b2c3' },
      spec: { selector: { app: 'site' }, ports: [{ name: 'http', port: 80 }], ...spec },
    });
  const platformQuota = () =>
    renderQuota('env-boutique-prod-a1b2c3', OURS, {
      cpuMilli: 2000,
      ramMb: 4096,
      storageMb: 20_000,
    });
  const quota = (change: (hard: Record<string, string>) => void, spec: object = {}) => {
    const q = structuredClone(platformQuota()) as { spec: { hard: Record<string, string> } };
    change(q.spec.hard);
    return inNamespace('resourcequotas', '', { ...q, spec: { ...q.spec, ...spec } });
  };

  /** The escalation attempts of issue 23, each with what it tries. */
  const ATTACKS: [string, AdmissionRequest][] = [
    [
      'a namespace of its own with PodSecurity privileged',
      nsRequest('CREATE', tenant({ 'pod-security.kubernetes.io/enforce': 'privileged' })),
    ],
    [
      'a namespace of its own without PodSecurity (the cluster default)',
      nsRequest('CREATE', without(tenant(), 'pod-security.kubernetes.io/enforce')),
    ],
    [
      'a namespace enforcing an old PodSecurity version',
      nsRequest('CREATE', tenant({ 'pod-security.kubernetes.io/enforce-version': 'v1.0' })),
    ],
    [
      'a namespace not labelled as its own',
      nsRequest('CREATE', without(tenant(), 'app.kubernetes.io/managed-by')),
    ],
    [
      'a tenant relabelled privileged',
      nsRequest('UPDATE', tenant({ 'pod-security.kubernetes.io/enforce': 'privileged' }), tenant()),
    ],
    [
      'a tenant unlabelled (PodSecurity)',
      nsRequest('UPDATE', without(tenant(), 'pod-security.kubernetes.io/enforce'), tenant()),
    ],
    [
      'a tenant unlabelled (managed-by)',
      nsRequest('UPDATE', without(tenant(), 'app.kubernetes.io/managed-by'), tenant()),
    ],
    [
      'kube-system adopted',
      nsRequest('UPDATE', ns('kube-system', { ...OURS, ...ENFORCED }), kubeSystem),
    ],
    ['kube-system deleted', nsRequest('DELETE', null, kubeSystem)],
    ['nuagedeploy-certificats deleted', nsRequest('DELETE', null, certificates)],
    [
      'nuagedeploy-certificats given an environment label (to delete it next)',
      nsRequest(
        'UPDATE',
        ns(certificates.metadata.name, {
          ...certificates.metadata.labels,
          'nuagedeploy.io/environment-id': 'e1',
        }),
        certificates,
      ),
    ],
    [
      'the tenant role bound to system:authenticated',
      rb(
        binding([
          { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:authenticated' },
        ]),
      ),
    ],
    [
      "the tenant role bound to a tenant's default ServiceAccount",
      rb(
        binding([
          { kind: 'ServiceAccount', name: 'default', namespace: 'env-boutique-prod-a1b2c3' },
        ]),
      ),
    ],
    [
      'the tenant role bound to itself and to everyone',
      rb(
        binding([
          PLATFORM_SA,
          { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:authenticated' },
        ]),
      ),
    ],
    [
      'cluster-admin bound to itself',
      rb(
        binding([PLATFORM_SA], {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: 'ClusterRole',
          name: 'cluster-admin',
        }),
      ),
    ],
    ['a binding in nuagedeploy-certificats', rb(binding([PLATFORM_SA]), certificates)],
    ['a binding in kube-system', rb(binding([PLATFORM_SA]), kubeSystem)],
    ['a Service with externalIPs', service({ externalIPs: ['203.0.113.10'] })],
    ['a LoadBalancer Service', service({ type: 'LoadBalancer' })],
    ['a NodePort Service', service({ type: 'NodePort' })],
    [
      'an ExternalName Service',
      service({ type: 'ExternalName', externalName: 'kubernetes.default.svc' }),
    ],
    ['a quota with load balancers', quota((h) => void (h['services.loadbalancers'] = '5'))],
    ['a quota with node ports', quota((h) => void (h['services.nodeports'] = '3'))],
    ['a quota without its CPU cap', quota((h) => void delete h['limits.cpu'])],
    ['a quota scoped to BestEffort pods only', quota(() => undefined, { scopes: ['BestEffort'] })],
  ];

  /** What the driver sent during the lifecycle above, as admission requests in order. */
  function derivedRequests(): AdmissionRequest[] {
    const guarded = new Set(['namespaces', 'rolebindings', 'services', 'resourcequotas']);
    const state = new Map<string, Record<string, unknown>>();
    const out: AdmissionRequest[] = [];
    for (const r of api.requests) {
      const action = r.rbac[0];
      if (!action || r.method === 'GET' || !guarded.has(action.resource)) continue;
      const namespaceObject = action.namespace
        ? (state.get(`/api/v1/namespaces/${action.namespace}`) ?? null)
        : null;
      const base = {
        group: action.group,
        resource: action.resource,
        username: PLATFORM,
        namespaceObject,
      };
      const old = state.get(r.path) ?? null;
      if (r.method === 'DELETE') {
        out.push({ ...base, operation: 'DELETE', object: null, oldObject: old });
        state.delete(r.path);
        continue;
      }
      const object = JSON.parse(r.body) as Record<string, unknown>;
      const creates = r.rbac.some((a) => a.verb === 'create');
      out.push({ ...base, operation: creates ? 'CREATE' : 'UPDATE', object, oldObject: old });
      state.set(r.path, object);
    }
    return out;
  }

  it('every expression type-checks against each kind its policy matches, and each policy is bound to deny', () => {
    const policies = new AdmissionPolicies(policyDocs());
    expect(policies.typeErrors()).toEqual([]);
    expect(policies.unbound()).toEqual([]);
    expect(policies.names.sort()).toEqual([
      'nuagedeploy-namespaces',
      'nuagedeploy-resourcequotas',
      'nuagedeploy-rolebindings',
      'nuagedeploy-services',
    ]);
  });

  it('admits every namespace, RoleBinding, Service and quota write the driver sends', () => {
    const policies = new AdmissionPolicies(policyDocs());
    const requests = derivedRequests();
    const seen = new Set(requests.map((r) => `${r.operation} ${r.resource}`));
    for (const expected of [
      'CREATE namespaces',
      'UPDATE namespaces',
      'DELETE namespaces',
      'CREATE rolebindings',
      'UPDATE rolebindings',
      'CREATE services',
      'UPDATE services',
      'CREATE resourcequotas',
      'UPDATE resourcequotas',
    ])
      expect(seen).toContain(expected);
    // The walk runs with databases' public endpoints allowed (DATABASE_PUBLIC_SERVICE): their
    // LoadBalancer Service and the quotas that make room for it need the operator's switch too
    // (exposedServices: allow), and the default policy refuses exactly those.
    const allowing = new AdmissionPolicies(policyDocs(), {
      'nuagedeploy/nuagedeploy-admission': { exposedServices: 'allow' },
    });
    const exposes = (r: AdmissionRequest) => {
      const o = r.object as { spec?: { type?: string; hard?: Record<string, string> } } | null;
      return (
        o?.spec?.type === 'LoadBalancer' ||
        (o?.spec?.hard?.['services.nodeports'] ?? '0') !== '0' ||
        (o?.spec?.hard?.['services.loadbalancers'] ?? '0') !== '0'
      );
    };
    expect(requests.filter(exposes).length).toBeGreaterThan(0);
    for (const request of requests) {
      const what = `${request.operation} ${request.resource}`;
      if (exposes(request)) {
        expect(policies.admit(request).allowed, what).toBe(false);
        expect(allowing.admit(request), what).toEqual({ allowed: true, denials: [] });
      } else expect(policies.admit(request), what).toEqual({ allowed: true, denials: [] });
    }
  });

  it('admits the certificates module’s namespace, created and applied again', () => {
    const policies = new AdmissionPolicies(policyDocs());
    const [namespace] = renderCertManagerObjects(
      {
        id: 'c1',
        projectId: 'p1',
        acmeEmail: null,
        wildcard: false,
        domaines: ['exemple.sn'],
      } as never,
      { namespace: 'nuagedeploy-certificats', directoryUrl: 'https://acme.test/directory' },
    );
    expect(policies.admit(nsRequest('CREATE', namespace)).denials).toEqual([]);
    expect(policies.admit(nsRequest('UPDATE', namespace, namespace)).denials).toEqual([]);
  });

  it.each(ATTACKS)('refuses %s', (_what, request) => {
    const answer = new AdmissionPolicies(policyDocs()).admit(request);
    expect(answer.allowed).toBe(false);
    // Refused by a validation that said no, not by an expression that failed to evaluate.
    expect(answer.denials.filter((d) => /: (error|matchCondition):/.test(d))).toEqual([]);
  });

  it('lets an operator allow NodePort and LoadBalancer Services and their quotas (ConfigMap nuagedeploy-admission)', () => {
    const allowing = new AdmissionPolicies(policyDocs(), {
      'nuagedeploy/nuagedeploy-admission': { exposedServices: 'allow' },
    });
    expect(allowing.admit(service({ type: 'LoadBalancer' })).denials).toEqual([]);
    expect(allowing.admit(quota((h) => void (h['services.loadbalancers'] = '2'))).denials).toEqual(
      [],
    );
    // Never externalIPs nor ExternalName.
    expect(allowing.admit(service({ externalIPs: ['203.0.113.10'] })).allowed).toBe(false);
    expect(allowing.admit(service({ type: 'ExternalName', externalName: 'x.test' })).allowed).toBe(
      false,
    );
  });

  it('leaves other accounts alone (their own RBAC applies)', () => {
    const policies = new AdmissionPolicies(policyDocs());
    expect(policies.admit({ ...nsRequest('DELETE', null, kubeSystem), username: 'admin' })).toEqual(
      {
        allowed: true,
        denials: [],
      },
    );
  });

  it('has no rule that no attack needs: without any one of them, some attack gets through', () => {
    const policies = policyDocs().filter((d) => d.kind === 'ValidatingAdmissionPolicy');
    for (const policy of policies) {
      const validations = (policy.spec as { validations: unknown[] }).validations;
      for (let i = 0; i < validations.length; i++) {
        const weakened = policyDocs().map((d) =>
          d === policy
            ? { ...d, spec: { ...d.spec, validations: validations.filter((_, j) => j !== i) } }
            : d,
        );
        const through = ATTACKS.filter(([, r]) => new AdmissionPolicies(weakened).admit(r).allowed);
        expect(through.length, `${policy.metadata.name} validation ${i}`).toBeGreaterThan(0);
      }
    }
  });
});
