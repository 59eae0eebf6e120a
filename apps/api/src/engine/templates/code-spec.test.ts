import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationPlan, databasePlan, setupPlan } from '../drivers/docker/container-spec';
import { fakeImageRuns } from '../../../test/engine/docker/fake-image-runs';
import { ENV_SECRET_DIR, LOADER_ENTRYPOINT } from '../drivers/docker/secret-loader';
import { renderApplication } from '../manifests/application';
import type { DeploymentObject, SecretObject } from '../manifests/types';
import { validateObject } from '../manifests/validate';
import { buildCodeApplicationSpec, type CodeSpecInput } from './code-spec';

const input = (overrides: Partial<CodeSpecInput['deployment']> = {}): CodeSpecInput => ({
  deployment: {
    id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    projectId: '11111111-2222-4333-8444-555555555555',
    environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
    nom: 'API Node',
    runtimeName: 'nodejs-api-node-6f1c2d',
    hostLabel: 'api-node-prod-boutique',
    image: 'registry.exemple.sn/nuage-builds/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f:build-3',
    port: 3000,
    cpuMilli: 500,
    ramMb: 1000,
    storageMb: 1000,
    replicas: 2,
    domain: 'api.exemple.sn',
    generation: 4,
    ...overrides,
  },
  envVars: [
    { name: 'NODE_ENV', value: 'production', secret: false },
    { name: 'DATABASE_URL', value: 'postgres://u:motdepasse@db/x', secret: true },
  ],
  namespace: 'env-boutique-prod-a1b2c3',
  certificate: null,
});

const registry = { server: 'registry.exemple.sn', username: 'nuage', password: 'mdp-registre' };

describe('code application spec', () => {
  it('on Kubernetes a built release runs by its registry digest, not by its tag', () => {
    const digest = `sha256:${'c'.repeat(64)}`;
    const image = (spec: ReturnType<typeof buildCodeApplicationSpec>) =>
      (
        renderApplication(spec, { appsDomain: 'apps.nuage.test' }).find(
          (o) => o.kind === 'Deployment',
        ) as DeploymentObject
      ).spec!.template.spec!.containers[0]!.image;
    const pinned = buildCodeApplicationSpec(input({ imageDigest: digest }));
    expect(image(pinned)).toBe(`${input().deployment.image}@${digest}`);
    // Before the first build (no digest), or with something that is not a digest: the tag.
    expect(image(buildCodeApplicationSpec(input()))).toBe(input().deployment.image);
    expect(image(buildCodeApplicationSpec(input({ imageDigest: 'latest' })))).toBe(
      input().deployment.image,
    );
  });

  it('is one component: the release image on its port, user env (secrets by reference), TCP probes, no database nor setup', () => {
    const spec = buildCodeApplicationSpec(input());
    expect(spec.template).toBe('code');
    expect(spec.database).toBeNull();
    expect(spec.setup).toBeNull();
    expect(spec.app.image).toBe(input().deployment.image);
    expect(spec.app.env).toEqual([
      { name: 'PORT', value: '3000' },
      { name: 'NODE_ENV', value: 'production' },
      { name: 'DATABASE_URL', secretKey: 'env-DATABASE_URL' },
    ]);
    expect(spec.secretData).toEqual({ 'env-DATABASE_URL': 'postgres://u:motdepasse@db/x' });
    expect(spec.app.readiness.check).toEqual({ kind: 'tcp', port: 3000 });
    expect(spec.service).toEqual({ name: spec.name, port: 3000, targetPort: 3000 });
    expect(spec.app.volume).toEqual({
      claimName: `${spec.name}-data`,
      mountPath: '/data',
      sizeMb: 1000,
    });
  });

  it('renders valid Kubernetes objects: a surge rollout (new release ready before the old stops) pulling with the registry Secret', () => {
    const spec = buildCodeApplicationSpec(input());
    const objects = renderApplication(spec, {
      appsDomain: 'apps.exemple.sn',
      registryPull: registry,
    });
    for (const o of objects) expect(() => validateObject(o)).not.toThrow();
    expect(objects.map((o) => o.kind)).toEqual([
      'Secret', // the application's variables
      'Secret', // this release's copy, immutable: what the pods read (a rollback reverts it)
      'PersistentVolumeClaim',
      'Secret', // the registry pull Secret
      'Deployment',
      'Service',
      'Ingress',
      'Ingress',
    ]);
    const deployment = objects.find((o): o is DeploymentObject => o.kind === 'Deployment')!;
    expect(deployment.spec?.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    const pod = deployment.spec!.template.spec!;
    expect(pod.imagePullSecrets).toEqual([{ name: `${spec.name}-registry` }]);
    const container = pod.containers[0]!;
    expect(container.image).toBe(input().deployment.image);
    expect(container.readinessProbe?.tcpSocket).toEqual({ port: 3000 });
    const releaseSecret = objects.find(
      (o): o is SecretObject => o.kind === 'Secret' && o.immutable === true,
    )!;
    expect(releaseSecret.metadata.name).toMatch(new RegExp(`^${spec.secretName}-[0-9a-f]{10}$`));
    expect(container.env).toEqual(
      expect.arrayContaining([
        {
          name: 'DATABASE_URL',
          // The release's immutable copy of the variables (named after its content).
          valueFrom: {
            secretKeyRef: { name: releaseSecret.metadata.name, key: 'env-DATABASE_URL' },
          },
        },
      ]),
    );
    const pull = objects.find(
      (o): o is SecretObject => o.kind === 'Secret' && o.type === 'kubernetes.io/dockerconfigjson',
    )!;
    const config = JSON.parse(
      Buffer.from(pull.data!['.dockerconfigjson']!, 'base64').toString(),
    ) as {
      auths: Record<string, { auth: string }>;
    };
    expect(Buffer.from(config.auths['registry.exemple.sn']!.auth, 'base64').toString()).toBe(
      'nuage:mdp-registre',
    );
  });

  it('renders no pull Secret without registry credentials (a local registry or the Docker host)', () => {
    const objects = renderApplication(buildCodeApplicationSpec(input()), {});
    const secrets = objects.filter((o): o is SecretObject => o.kind === 'Secret');
    expect(secrets.map((o) => o.type)).toEqual(['Opaque', 'Opaque']); // variables, release copy
    const deployment = objects.find((o): o is DeploymentObject => o.kind === 'Deployment')!;
    expect(deployment.spec!.template.spec!.imagePullSecrets).toBeUndefined();
  });

  it('runs on Docker as one container per replica, the secret variable in its environment only at run time', () => {
    const spec = buildCodeApplicationSpec(input({ domain: null }));
    const key = randomBytes(32);
    const run = {
      entrypoint: ['docker-entrypoint.sh'],
      cmd: ['node', 'server.js'],
      hasShell: true,
    };
    const plan = applicationPlan(spec, key, fakeImageRuns(spec, run));
    expect(plan.template.image).toBe(input().deployment.image);
    expect(plan.template.port).toBe(3000);
    expect(plan.template.probe).toMatchObject({ kind: 'tcp', port: 3000 });
    expect(plan.env).toEqual(expect.arrayContaining(['PORT=3000', 'NODE_ENV=production']));
    // The secret one is a file the loader exports before it runs the image's own command:
    // `docker inspect` (Env, labels, command) never shows the value.
    expect(plan.secretFiles).toContainEqual({
      path: `${ENV_SECRET_DIR}/DATABASE_URL`,
      content: 'postgres://u:motdepasse@db/x',
    });
    expect(plan.template.entrypoint).toEqual(LOADER_ENTRYPOINT);
    expect(plan.template.cmd).toEqual(['docker-entrypoint.sh', 'node', 'server.js']);
    expect(JSON.stringify([plan.env, plan.labels, plan.template])).not.toContain('motdepasse');
    expect(databasePlan(spec, key, new Map())).toBeNull();
    expect(setupPlan(spec, key, new Map())).toBeNull();
  });
});
