import { describe, expect, it } from 'vitest';
import { renderApplication } from './application';
import { releaseSecretName } from './secrets';
import { TEST_CERTIFICATE, VARIANTS, makeSpec } from '../../../test/engine/manifests/test-fixtures';
import type {
  DeploymentObject,
  IngressObject,
  JobObject,
  KubeObject,
  SecretObject,
  ServiceObject,
} from './types';

const byKind = <T extends KubeObject>(objects: KubeObject[], kind: T['kind']) =>
  objects.filter((o): o is T => o.kind === kind);
const decode = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString('utf8');
const tlsVariant = VARIANTS.find((v) => v.tls)!;

describe('what the application objects say', () => {
  const spec = makeSpec({ template: 'wordpress', variant: { ...tlsVariant, replicas: 3 } });
  const objects = renderApplication(spec);
  const [deployment] = byKind<DeploymentObject>(objects, 'Deployment');
  const pod = deployment!.spec!.template.spec!;
  const container = pod.containers[0]!;

  it('labels every object with the spec labels and its component, in the spec namespace', () => {
    for (const object of objects) {
      expect(object.metadata.namespace).toBe(spec.namespace);
      expect(object.metadata.labels).toMatchObject(spec.labels);
      expect(object.metadata.labels?.['app.kubernetes.io/component']).toMatch(
        /^(app|database|setup|secrets|release-secrets|tls)$/,
      );
    }
  });

  it('runs the replicas with requests equal to limits, in millicores and SI megabytes', () => {
    expect(deployment!.spec!.replicas).toBe(3);
    const amounts = { cpu: `${spec.app.cpuMilli}m`, memory: `${spec.app.ramMb}M` };
    expect(container.resources).toEqual({ requests: amounts, limits: amounts });
    expect(deployment!.spec!.selector.matchLabels).toEqual({
      'app.kubernetes.io/instance': spec.name,
      'app.kubernetes.io/component': 'app',
    });
    expect(deployment!.spec!.template.metadata?.labels).toMatchObject(
      deployment!.spec!.selector.matchLabels!,
    );
  });

  it('keeps the serving container answering 5 s once told to stop (the ingress learns it late), not the database', () => {
    expect(container.lifecycle).toEqual({ preStop: { sleep: { seconds: 5 } } });
    const others = objects
      .filter((o) => o !== deployment)
      .flatMap((o) => JSON.stringify(o).match(/"preStop"/g) ?? []);
    expect(others).toEqual([]);
  });

  it('probes the health path over HTTP and reads passwords from its release Secret', () => {
    expect(container.readinessProbe?.httpGet).toEqual({
      path: '/wp-includes/images/blank.gif',
      port: 80,
    });
    expect(container.livenessProbe?.initialDelaySeconds).toBe(
      spec.app.liveness.initialDelaySeconds,
    );
    expect(container.env).toContainEqual({
      name: 'WORDPRESS_DB_PASSWORD',
      valueFrom: { secretKeyRef: { name: releaseSecretName(spec), key: 'db-password' } },
    });
    expect(container.volumeMounts).toEqual([{ name: 'data', mountPath: '/var/www/html' }]);
    expect(pod.volumes).toEqual([
      { name: 'data', persistentVolumeClaim: { claimName: spec.app.volume.claimName } },
    ]);
  });

  it('exposes the template port on a ClusterIP Service and routes the domain to it with TLS', () => {
    const services = byKind<ServiceObject>(objects, 'Service');
    const app = services.find((s) => s.metadata.name === spec.service.name)!;
    // The pods' port by name: each pod is reached on its own release's port.
    expect(app.spec).toMatchObject({
      type: 'ClusterIP',
      ports: [{ port: 80, targetPort: 'main' }],
    });
    expect(container.ports).toEqual([{ name: 'main', containerPort: 80 }]);
    const [ingress] = byKind<IngressObject>(objects, 'Ingress');
    expect(ingress!.spec!.tls).toEqual([
      { hosts: ['boutique.exemple.sn'], secretName: `${spec.name}-tls` },
    ]);
    expect(ingress!.spec!.rules![0]!.http!.paths[0]!.backend.service).toEqual({
      name: spec.service.name,
      port: { number: 80 },
    });
    const tls = byKind<SecretObject>(objects, 'Secret').find(
      (s) => s.type === 'kubernetes.io/tls',
    )!;
    expect(decode(tls.data?.['tls.crt'])).toBe(TEST_CERTIFICATE.certificatePem);
    expect(decode(tls.data?.['tls.key'])).toBe(TEST_CERTIFICATE.privateKeyPem);
  });

  it('keeps the database in a one-replica StatefulSet with its own claim and a TCP probe', () => {
    const statefulSet = objects.find((o) => o.kind === 'StatefulSet');
    expect(statefulSet?.kind).toBe('StatefulSet');
    if (statefulSet?.kind !== 'StatefulSet') return;
    expect(statefulSet.spec?.replicas).toBe(1);
    expect(statefulSet.spec?.serviceName).toBe(spec.database!.serviceName);
    const db = statefulSet.spec!.template.spec!;
    expect(db.volumes).toEqual([
      { name: 'data', persistentVolumeClaim: { claimName: `${spec.name}-db-data` } },
    ]);
    expect(db.containers[0]!.readinessProbe?.tcpSocket).toEqual({ port: 3306 });
  });

  it('runs the setup once the services answer, and keeps it once finished (nothing runs again until its spec changes)', () => {
    const [job] = byKind<JobObject>(objects, 'Job');
    expect(job!.spec!.ttlSecondsAfterFinished).toBeUndefined();
    expect(job!.spec!.backoffLimit).toBeGreaterThan(0);
    const jobPod = job!.spec!.template.spec!;
    expect(jobPod.restartPolicy).toBe('Never');
    expect(jobPod.initContainers![0]!.env).toEqual([
      { name: 'TARGETS', value: `${spec.database!.serviceName}:3306 ${spec.service.name}:80` },
    ]);
    // Under a ResourceQuota every container must declare its resources.
    for (const c of [...jobPod.initContainers!, ...jobPod.containers])
      expect(c.resources?.limits).toBeDefined();
  });
});

describe('the release Secret the application pods read', () => {
  const releaseSecret = (objects: KubeObject[]) =>
    byKind<SecretObject>(objects, 'Secret').find(
      (o) => o.metadata.labels?.['app.kubernetes.io/component'] === 'release-secrets',
    )!;

  it('is immutable, holds only what the application container reads, and is named after it', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const objects = renderApplication(spec);
    const secret = releaseSecret(objects);
    expect(secret.immutable).toBe(true);
    expect(secret.metadata.name).toBe(releaseSecretName(spec));
    expect(secret.metadata.name).toMatch(new RegExp(`^${spec.secretName}-[0-9a-f]{10}$`));
    // WordPress reads its database password, never the database's root password.
    expect(Object.keys(secret.data ?? {})).toEqual(['db-password']);
    expect(decode(secret.data?.['db-password'])).toBe(spec.secretData['db-password']);
    // The database and the setup keep reading the application's Secret.
    const [db] = byKind<KubeObject & { kind: 'StatefulSet' }>(objects, 'StatefulSet');
    expect(JSON.stringify(db)).toContain(`"name":"${spec.secretName}"`);
    expect(JSON.stringify(db)).not.toContain(releaseSecretName(spec));
  });

  it('changes name (so the pod template, so a rollout) exactly when a value it holds changes', () => {
    const before = makeSpec({ template: 'wordpress' });
    const again = makeSpec({ template: 'wordpress' });
    expect(releaseSecretName(again)).toBe(releaseSecretName(before));
    const newDbPassword = makeSpec({ template: 'wordpress', password: 'Autre-mot-de-passe-7' });
    expect(releaseSecretName(newDbPassword)).not.toBe(releaseSecretName(before));
    const template = (spec: typeof before) =>
      byKind<DeploymentObject>(renderApplication(spec), 'Deployment')[0]!.spec!.template;
    expect(template(newDbPassword)).not.toEqual(template(before));
    // A value only the database reads leaves the application's release alone.
    const rootOnly = { ...before, secretData: { ...before.secretData, 'db-root-password': 'x' } };
    expect(releaseSecretName(rootOnly)).toBe(releaseSecretName(before));
  });
});

describe('template specifics', () => {
  it('mounts PostgreSQL data through its subPath', () => {
    const objects = renderApplication(makeSpec({ template: 'odoo' }));
    const statefulSet = objects.find((o) => o.kind === 'StatefulSet');
    if (statefulSet?.kind !== 'StatefulSet') throw new Error('no StatefulSet');
    expect(statefulSet.spec!.template.spec!.containers[0]!.volumeMounts).toEqual([
      { name: 'data', mountPath: '/var/lib/postgresql/data', subPath: 'pgdata' },
    ]);
  });

  it("mounts Odoo's configuration file from the Secret, projecting only that key", () => {
    const spec = makeSpec({ template: 'odoo' });
    const [deployment] = byKind<DeploymentObject>(renderApplication(spec), 'Deployment');
    const pod = deployment!.spec!.template.spec!;
    expect(pod.containers[0]!.volumeMounts).toContainEqual({
      name: 'secret-files',
      mountPath: '/etc/odoo/odoo.conf',
      subPath: 'odoo-conf',
      readOnly: true,
    });
    expect(pod.volumes).toContainEqual({
      name: 'secret-files',
      secret: {
        secretName: releaseSecretName(spec),
        items: [{ key: 'odoo-conf', path: 'odoo-conf' }],
      },
    });
  });

  it('has no Ingress nor TLS Secret without a domain, and a plain Ingress without certificate', () => {
    const none = renderApplication(makeSpec({ template: 'matomo' }));
    expect(
      none.some(
        (o) => o.kind === 'Ingress' || (o.kind === 'Secret' && o.type === 'kubernetes.io/tls'),
      ),
    ).toBe(false);
    const plain = renderApplication(makeSpec({ template: 'matomo', domain: 'stats.exemple.sn' }));
    const [ingress] = byKind<IngressObject>(plain, 'Ingress');
    expect(ingress!.spec!.tls).toBeUndefined();
    expect(ingress!.spec!.rules![0]!.host).toBe('stats.exemple.sn');
  });

  it('spreads replicas over nodes only with a ReadWriteMany claim', () => {
    const spec = makeSpec({ template: 'joomla' });
    const rwo = byKind<DeploymentObject>(renderApplication(spec), 'Deployment')[0]!;
    expect(rwo.spec!.template.spec!.affinity?.podAffinity).toBeDefined();
    const rwx = renderApplication(spec, {
      appVolumeAccessMode: 'ReadWriteMany',
      storageClassName: 'nfs',
    });
    expect(
      byKind<DeploymentObject>(rwx, 'Deployment')[0]!.spec!.template.spec!.affinity,
    ).toBeUndefined();
    const claim = rwx.find((o) => o.kind === 'PersistentVolumeClaim');
    expect(claim?.kind === 'PersistentVolumeClaim' && claim.spec).toMatchObject({
      accessModes: ['ReadWriteMany'],
      storageClassName: 'nfs',
    });
  });

  it('keeps selectors identical across generations, sizes and images', () => {
    const selectors = (replicas: number, generation: number, tag: string) => {
      const spec = {
        ...makeSpec({ template: 'nextcloud', variant: { ...VARIANTS[0]!, replicas } }),
        generation,
      };
      spec.app = { ...spec.app, image: `docker.io/library/nextcloud:${tag}` };
      return renderApplication(spec)
        .filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')
        .map((o) =>
          o.kind === 'Deployment' || o.kind === 'StatefulSet' ? o.spec?.selector : null,
        );
    };
    expect(selectors(1, 1, '28.0-apache')).toEqual(selectors(7, 9, '29.0-apache'));
  });
});
