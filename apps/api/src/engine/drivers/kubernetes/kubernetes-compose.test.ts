import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildComposeApplicationSpec } from '../../templates/compose-spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/** A Compose application (issue 30 item 2) applied by the Kubernetes driver to the strict fake API server. */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const PASSWORD = 'mot-de-passe-$(HOME)';
const FILE = `
services:
  web:
    image: node:22-slim
    entrypoint: ["node"]
    command: ["/srv/server.js", "--port=$(PORT)"]
    environment:
      PGHOST: db
      PGPASSWORD: "${PASSWORD}"
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 256M
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: "${PASSWORD}"
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
      interval: 5s
      retries: 10
volumes:
  pgdata:
    x-taille: 2G
`;

const spec = buildComposeApplicationSpec({
  deployment: {
    id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    projectId: '11111111-2222-4333-8444-555555555555',
    environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
    nom: 'pile',
    runtimeName: 'compose-pile-7f1c2d',
    hostLabel: 'pile-prod-boutique',
    image: 'docker.io/library/node:22-slim',
    port: 8080,
    cpuMilli: 750,
    ramMb: 781,
    storageMb: 2148,
    replicas: 1,
    domain: null,
    generation: 1,
  },
  namespace: NAMESPACE,
  certificate: null,
  file: FILE,
  exposedService: 'web',
});

interface Pod {
  initContainers?: { name: string; env: { name: string; value: string }[] }[];
  volumes?: { name: string; persistentVolumeClaim?: { claimName: string }; hostPath?: unknown }[];
  hostNetwork?: boolean;
  containers: {
    name: string;
    image: string;
    imagePullPolicy?: string;
    command?: string[];
    args?: string[];
    env: {
      name: string;
      value?: string;
      valueFrom?: { secretKeyRef: { name: string; key: string } };
    }[];
    resources: { limits: { cpu: string; memory: string } };
    readinessProbe?: { exec?: { command: string[] }; tcpSocket?: { port: number } };
    volumeMounts?: { mountPath: string }[];
    securityContext: {
      privileged?: boolean;
      allowPrivilegeEscalation: boolean;
      capabilities: { drop: string[] };
    };
  }[];
}
interface Workload {
  kind: string;
  spec: { serviceName?: string; template: { spec: Pod } };
}

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, NAMESPACE);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const get = <T>(path: string) => api.objects.get(path) as unknown as T;
const apps = (kind: string, name: string) =>
  `/apis/apps/v1/namespaces/${NAMESPACE}/${kind}/${name}`;
const core = (kind: string, name: string) => `/api/v1/namespaces/${NAMESPACE}/${kind}/${name}`;

describe('KubernetesDriver with a Compose application', () => {
  it('renders a Deployment for the exposed service and a StatefulSet for the one with a volume, each with a Service of its Compose name', async () => {
    await driver.apply(spec);

    const web = get<Workload>(apps('deployments', 'compose-pile-7f1c2d'));
    const db = get<Workload>(apps('statefulsets', 'compose-pile-7f1c2d-db'));
    expect(web.kind).toBe('Deployment');
    expect(db.kind).toBe('StatefulSet');
    expect(db.spec.serviceName).toBe('db');

    const [webContainer] = web.spec.template.spec.containers;
    expect(webContainer).toMatchObject({
      name: 'web',
      image: 'node:22-slim',
      imagePullPolicy: 'Always',
      // Compose's entrypoint/command, with Kubernetes' $(…) expansion escaped.
      command: ['node'],
      args: ['/srv/server.js', '--port=$$(PORT)'],
      resources: { limits: { cpu: '250m', memory: '269M' } },
      readinessProbe: { tcpSocket: { port: 8080 } },
    });
    // It starts once db resolves, i.e. once db's healthcheck (its readiness) passes.
    expect(web.spec.template.spec.initContainers?.[0]?.env).toEqual([
      { name: 'SERVICES', value: 'db' },
    ]);

    const [dbContainer] = db.spec.template.spec.containers;
    expect(dbContainer!.readinessProbe?.exec?.command).toEqual([
      '/bin/sh',
      '-c',
      'pg_isready -U postgres',
    ]);
    expect(dbContainer!.volumeMounts?.[0]?.mountPath).toBe('/var/lib/postgresql/data');
    expect(db.spec.template.spec.volumes?.[0]?.persistentVolumeClaim?.claimName).toBe(
      'compose-pile-7f1c2d-pgdata',
    );
    const claim = get<{ spec: { resources: { requests: { storage: string } } } }>(
      core('persistentvolumeclaims', 'compose-pile-7f1c2d-pgdata'),
    );
    expect(claim.spec.resources.requests.storage).toBe('2148M');

    for (const w of [web, db]) {
      const pod = w.spec.template.spec;
      expect(pod.hostNetwork).toBeUndefined();
      expect(pod.volumes?.some((v) => v.hostPath !== undefined) ?? false).toBe(false);
      const c = pod.containers[0]!;
      expect(c.securityContext.privileged).toBeUndefined();
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext.capabilities.drop).toEqual(['ALL']);
      // Passwords of the file never in a pod spec: read from the application's Secret.
      expect(JSON.stringify(w)).not.toContain('mot-de-passe');
      expect(c.env.every((e) => e.valueFrom?.secretKeyRef.name === spec.secretName)).toBe(true);
    }
    const secret = get<{ data: Record<string, string> }>(core('secrets', spec.secretName));
    const values = Object.values(secret.data).map((v) => Buffer.from(v, 'base64').toString());
    expect(values).toContain(PASSWORD);

    const dbService = get<{ spec: { clusterIP?: string; selector: Record<string, string> } }>(
      core('services', 'db'),
    );
    expect(dbService.spec.clusterIP).toBe('None');
    expect(dbService.spec.selector['nuagedeploy.io/service']).toBe('db');
    const webService = get<{ spec: { ports: { port: number }[] } }>(core('services', 'web'));
    expect(webService.spec.ports[0]!.port).toBe(8080);
    // The application's own Service (what its Ingress targets) selects the exposed service.
    expect(api.objects.get(core('services', 'compose-pile-7f1c2d'))).toBeDefined();
  });
});
