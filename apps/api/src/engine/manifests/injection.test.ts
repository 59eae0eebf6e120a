import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import type { EnvVar } from '../spec';
import { renderApplication } from './application';
import { ManifestError } from './meta';
import {
  HOSTILE_PASSWORD,
  HOSTILE_TEXTS,
  VARIANTS,
  makeSpec,
} from '../../../test/engine/manifests/test-fixtures';
import type { Container, KubeObject } from './types';
import { toYaml } from './yaml';

/** Kubernetes' own expansion of `$(NAME)` in env values and commands (third_party/forked/golang/expansion). */
function kubeExpand(text: string, defined: (name: string) => string | undefined): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c !== '$' || next === undefined) {
      out += c;
    } else if (next === '$') {
      out += '$';
      i++;
    } else if (next === '(') {
      const end = text.indexOf(')', i + 2);
      if (end < 0) {
        out += text.slice(i);
        break;
      }
      const name = text.slice(i + 2, end);
      out += defined(name) ?? `$(${name})`;
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

function containers(objects: KubeObject[]): Container[] {
  return objects.flatMap((o) => {
    const pod =
      o.kind === 'Deployment' || o.kind === 'StatefulSet' || o.kind === 'Job'
        ? o.spec?.template.spec
        : undefined;
    return pod ? [...(pod.initContainers ?? []), ...pod.containers] : [];
  });
}

/** What each container would see at run time, by variable name. */
function runtimeEnv(container: Container): Map<string, string> {
  const seen = new Map<string, string>();
  for (const v of container.env ?? []) {
    const value =
      v.value === undefined
        ? '<secret>'
        : kubeExpand(v.value, (n) => (seen.has(n) ? 'EXPANDED!' : undefined));
    seen.set(v.name, value);
  }
  return seen;
}

const literals = (vars: EnvVar[]) =>
  vars.flatMap((v) => ('value' in v ? [[v.name, v.value] as const] : []));

describe.each(saasTemplateIds)('injection (%s)', (template) => {
  it.each(HOSTILE_TEXTS.map((t) => [JSON.stringify(t).slice(0, 40), t] as const))(
    'text %s reaches the container as typed, never as a reference or a password',
    (_label, text) => {
      const spec = makeSpec({ template, nom: text, adminEmail: text, password: HOSTILE_PASSWORD });
      const objects = renderApplication(spec);
      const byName = new Map(containers(objects).map((c) => [c.name, runtimeEnv(c)]));
      const components = [
        spec.app,
        spec.database!,
        ...(spec.setup ? [{ name: 'setup', env: spec.setup.env }] : []),
      ];
      for (const component of components) {
        const env = byName.get(component.name)!;
        for (const [name, value] of literals(component.env)) expect(env.get(name)).toBe(value);
      }
      const yaml = toYaml(objects);
      // Passwords only exist base64-encoded in the Secret's data.
      for (const password of Object.values(spec.secretData)) {
        expect(yaml).not.toContain(password);
      }
      const secret = objects[0]!;
      expect(secret.kind).toBe('Secret');
      if (secret.kind !== 'Secret') return;
      expect(Buffer.from(secret.data!['db-password']!, 'base64').toString('utf8')).toBe(
        `${HOSTILE_PASSWORD}-db`,
      );
      expect(Buffer.from(secret.data!['admin-password']!, 'base64').toString('utf8')).toBe(
        HOSTILE_PASSWORD,
      );
    },
  );

  it.each([
    'evil.example\n---\nkind: Secret',
    'a"b.example',
    'évité.sn',
    'x.example; rm -rf /',
    '{{host}}.example',
    '*.example.sn',
    'UPPER.example',
    'nodot',
    `${'a'.repeat(64)}.example`,
  ])('refuses the domain %j instead of rendering it', (domain) => {
    const spec = makeSpec({ template, variant: VARIANTS.find((v) => v.tls)!, domain });
    expect(() => renderApplication(spec)).toThrow(ManifestError);
    expect(() => renderApplication(spec)).toThrow(JSON.stringify(domain));
  });

  it.each(['xn--caf-dma.sn', `${'a'.repeat(63)}.${'b'.repeat(63)}.exemple.sn`, '1-2.3.example'])(
    'accepts the unusual but valid domain %s',
    (domain) => {
      const objects = renderApplication(
        makeSpec({ template, variant: VARIANTS.find((v) => v.tls)!, domain }),
      );
      const ingress = objects.at(-1)!;
      expect(ingress.kind === 'Ingress' && ingress.spec?.rules?.[0]?.host).toBe(domain);
    },
  );
});
