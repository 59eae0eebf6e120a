import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DNS_LABEL } from '../../lib/naming';
import { renderApplication } from './application';
import { renderEnvironment } from './environment';
import {
  HOSTILE_PASSWORD,
  HOSTILE_TEXTS,
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from './test-fixtures';
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
  it('renders the namespace and a quota equal to the project quota', () => {
    const objects = renderEnvironment(makeEnvironment());
    assertValidObjects(objects);
    assertYamlRoundTrip(objects);
    const [namespace, quota] = objects;
    expect(namespace.metadata.name).toBe('env-boutique-prod-a1b2c3');
    expect(namespace.metadata.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'nuagedeploy',
    });
    expect(quota.metadata.namespace).toBe('env-boutique-prod-a1b2c3');
    expect(quota.spec?.hard).toEqual({
      'requests.cpu': '16000m',
      'limits.cpu': '16000m',
      'requests.memory': '32000M',
      'limits.memory': '32000M',
      'requests.storage': '500000M',
    });
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
