import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DNS_LABEL } from '../../lib/naming';
import { renderApplication } from './application';
import { renderEnvironment } from './namespace';
import {
  HOSTILE_PASSWORD,
  HOSTILE_TEXTS,
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from '../../../test/engine/manifests/test-fixtures';
import type { KubeObject } from './types';
import { validateObject } from './validate';
import { toYaml } from './yaml';

const kinds = (objects: readonly { kind?: unknown }[]) => objects.map((o) => o.kind);

function assertValidObjects(objects: KubeObject[]) {
  for (const object of objects) {
    expect(() => validateObject(object)).not.toThrow();
    // Asserted here too, independently of validateObject: Services, claims and Secrets included.
    expect(object.metadata.name).toMatch(DNS_LABEL);
    expect(object.metadata.name.length).toBeLessThanOrEqual(63);
  }
}

/** The YAML file holds exactly these objects: same documents, same kinds, same values. */
function assertYamlRoundTrip(objects: KubeObject[]) {
  const docs = parseAllDocuments(toYaml(objects));
  expect(docs).toHaveLength(objects.length);
  for (const doc of docs) expect(doc.errors).toEqual([]);
  expect(docs.map((d) => d.toJS())).toEqual(objects);
}

describe('renderEnvironment', () => {
  it('renders a tenant namespace: its quota share, PodSecurity labels, network isolation, limits and the platform binding', () => {
    const objects = renderEnvironment(makeEnvironment(), { ingressNamespace: 'traefik' });
    assertValidObjects(objects);
    assertYamlRoundTrip(objects);
    expect(objects.map((o) => o.kind)).toEqual([
      'Namespace',
      'ResourceQuota',
      'RoleBinding',
      'NetworkPolicy',
      'NetworkPolicy',
      'LimitRange',
    ]);
    const [namespace, quota, binding, deny, allow, limits] = objects;
    expect(namespace.metadata.name).toBe('env-boutique-prod-a1b2c3');
    expect(namespace.metadata.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'nuagedeploy',
      'pod-security.kubernetes.io/enforce': 'baseline',
      'pod-security.kubernetes.io/warn': 'restricted',
      'pod-security.kubernetes.io/audit': 'restricted',
    });
    for (const o of objects.slice(1)) expect(o.metadata.namespace).toBe('env-boutique-prod-a1b2c3');
    expect(quota.spec?.hard).toEqual({
      'requests.cpu': '16000m',
      'limits.cpu': '16000m',
      'requests.memory': '32000M',
      'limits.memory': '32000M',
      'requests.storage': '500000M',
      'services.nodeports': '0',
      'services.loadbalancers': '0',
    });
    expect(binding.kind === 'RoleBinding' && binding.roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: 'nuagedeploy-tenant',
    });
    // Default deny both ways, then only the ingress controller's namespace and the namespace itself in.
    expect(deny.kind === 'NetworkPolicy' && deny.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    const allowSpec = allow.kind === 'NetworkPolicy' ? allow.spec : undefined;
    expect(allowSpec?.ingress).toEqual([
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'traefik' } } },
          { podSelector: {} },
        ],
      },
    ]);
    // Out: DNS, the namespace, the internet without private ranges (other tenants, metadata).
    const internet = allowSpec?.egress?.[2]?.to?.[0]?.ipBlock;
    expect(internet?.cidr).toBe('0.0.0.0/0');
    expect(internet?.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
    expect(allowSpec?.egress?.[0]?.ports).toEqual([
      { protocol: 'UDP', port: 53 },
      { protocol: 'TCP', port: 53 },
    ]);
    expect(limits.kind === 'LimitRange' && limits.spec?.limits[0]?.type).toBe('Container');
  });

  it('refuses a namespace that is not a DNS label rather than sending it', () => {
    expect(() => renderEnvironment(makeEnvironment('env/../kube-system'))).toThrow(/invalide/);
  });
});

describe.each(saasTemplateIds)('renderApplication(%s)', (template) => {
  it.each(VARIANTS.map((v) => [v.label, v] as const))(
    '%s: every object validates',
    (_label, variant) => {
      const spec = makeSpec({ template, variant });
      const objects = renderApplication(spec);
      assertValidObjects(objects);
      assertYamlRoundTrip(objects);

      const expected = [
        'Secret',
        'Secret',
        'PersistentVolumeClaim',
        'PersistentVolumeClaim',
        'Service',
        'StatefulSet',
        'Deployment',
        'Service',
        ...(spec.setup ? ['Job'] : []),
        ...(variant.tls ? ['Secret'] : []),
        ...(variant.domain ? ['Ingress'] : []),
      ];
      expect(kinds(objects)).toEqual(expected);
    },
  );

  it.each(HOSTILE_TEXTS.map((t) => [JSON.stringify(t).slice(0, 40), t] as const))(
    'hostile name/e-mail %s: valid objects, structure unchanged',
    (_label, text) => {
      for (const variant of [VARIANTS[2]!, VARIANTS[4]!]) {
        const plain = renderApplication(makeSpec({ template, variant }));
        const hostile = renderApplication(
          makeSpec({
            template,
            variant,
            nom: text,
            adminEmail: text,
            password: `${HOSTILE_PASSWORD}${text}`,
          }),
        );
        assertValidObjects(hostile);
        assertYamlRoundTrip(hostile);
        expect(shape(hostile)).toEqual(shape(plain));
      }
    },
  );
});

/** The objects with every string replaced: what is left is the structure. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return '<string>';
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  }
  return value;
}
