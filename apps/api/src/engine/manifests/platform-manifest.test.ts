import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ClusterRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRole';
import { ClusterRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRoleBinding';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { renderApplication } from './application';
import { renderEnvironment } from './environment';
import { makeEnvironment, makeSpec, VARIANTS } from './test-fixtures';
import { validateObject } from './validate';

const manifest = fileURLToPath(
  new URL('../../../../../deploy/kubernetes/platform.yaml', import.meta.url),
);

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  rules?: { apiGroups: string[]; resources: string[]; verbs: string[] }[];
}

async function platformObjects(): Promise<K8sObject[]> {
  const docs = parseAllDocuments(await readFile(manifest, 'utf8'));
  return docs.map((d) => d.toJSON() as K8sObject);
}

const rbacModels: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ServiceAccount': ServiceAccount,
  'rbac.authorization.k8s.io/v1/ClusterRole': ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ClusterRoleBinding,
};

describe('deploy/kubernetes/platform.yaml (the platform itself on a cluster)', () => {
  it('holds only objects that validate against the Kubernetes schemas', async () => {
    const objects = await platformObjects();
    expect(objects.map((o) => o.kind)).toEqual([
      'Namespace',
      'ServiceAccount',
      'ClusterRole',
      'ClusterRoleBinding',
      'Secret',
      'Deployment',
      'Service',
      'Ingress',
    ]);
    for (const object of objects) {
      const Model = rbacModels[`${object.apiVersion}/${object.kind}`];
      if (Model) new Model(object as never).validate();
      else validateObject(object);
    }
  });

  it('lets the engine manage every kind it renders for environments and applications', async () => {
    const role = (await platformObjects()).find((o) => o.kind === 'ClusterRole')!;
    const allowed = new Set(
      role.rules!.flatMap((r) =>
        r.apiGroups.flatMap((g) => r.resources.map((res) => `${g}/${res}:${r.verbs.join(',')}`)),
      ),
    );
    // Every variant, so the TLS Secret, the Ingress and the setup Job are all covered.
    const rendered = [
      ...renderEnvironment(makeEnvironment()),
      ...VARIANTS.flatMap((variant) =>
        renderApplication(makeSpec({ template: 'wordpress', variant })),
      ),
    ];
    for (const object of rendered) {
      const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0]! : '';
      const resource = `${object.kind.toLowerCase()}${object.kind.endsWith('s') ? 'es' : 's'}`;
      const entry = [...allowed].find((a) => a.startsWith(`${group}/${resource}:`));
      expect(entry, `${object.kind} is not in the ClusterRole`).toBeDefined();
      for (const verb of ['create', 'patch', 'delete', 'list']) expect(entry).toContain(verb);
    }
  });
});
