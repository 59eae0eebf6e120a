import { describe, expect, it } from 'vitest';
import { renderApplication } from './application';
import { renderEnvironment } from './namespace';
import { VARIANTS, makeEnvironment, makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { ObjectValidationError, validateObject } from './validate';

const namespace = 'env-boutique-prod-a1b2c3';
const issuer = {
  apiVersion: 'cert-manager.io/v1',
  kind: 'Issuer',
  metadata: { name: 'letsencrypt', namespace },
  spec: {
    acme: {
      server: 'https://acme-v02.api.letsencrypt.org/directory',
      email: 'admin@exemple.sn',
      privateKeySecretRef: { name: 'letsencrypt-account' },
      solvers: [{ http01: { ingress: { class: 'nginx' } } }],
    },
  },
};
const certificate = {
  apiVersion: 'cert-manager.io/v1',
  kind: 'Certificate',
  metadata: { name: 'boutique-tls', namespace },
  spec: {
    secretName: 'boutique-tls',
    dnsNames: ['boutique.exemple.sn'],
    issuerRef: { name: 'letsencrypt', kind: 'Issuer' },
  },
};

const rendered = [
  ...renderEnvironment(makeEnvironment()),
  ...renderApplication(makeSpec({ template: 'wordpress', variant: VARIANTS.find((v) => v.tls)! })),
];
const sample = (kind: string) =>
  structuredClone(rendered.find((o) => o.kind === kind)!) as Record<string, unknown>;
const spec = (o: Record<string, unknown>) => o.spec as Record<string, unknown>;

/** One way to break each kind the schema must catch (a missing required field or a wrong type). */
const breakers: Record<string, (o: Record<string, unknown>) => void> = {
  Namespace: (o) => ((o.metadata as Record<string, unknown>).labels = { ok: 42 }),
  ResourceQuota: (o) => (spec(o).hard = ['1']),
  Secret: (o) => (o.data = 'not-a-map'),
  PersistentVolumeClaim: (o) => (spec(o).accessModes = 'ReadWriteOnce'),
  Service: (o) => (spec(o).ports = [{ name: 'http' }]),
  StatefulSet: (o) => delete spec(o).selector,
  Deployment: (o) => (spec(o).replicas = '3'),
  Job: (o) => delete spec(o).template,
  Ingress: (o) => (spec(o).rules = [{ host: 'a.sn', http: {} }]),
};

describe('validateObject', () => {
  it.each(Object.keys(breakers))('accepts a rendered %s and refuses a broken one', (kind) => {
    const object = sample(kind);
    expect(object.kind).toBe(kind);
    expect(() => validateObject(object)).not.toThrow();
    breakers[kind]!(object);
    expect(() => validateObject(object)).toThrow(ObjectValidationError);
  });

  it('accepts cert-manager Issuer and Certificate samples for Let’s Encrypt', () => {
    expect(() => validateObject(issuer)).not.toThrow();
    expect(() => validateObject(certificate)).not.toThrow();
    expect(() =>
      validateObject({ ...certificate, kind: 'ClusterIssuer', spec: issuer.spec }),
    ).not.toThrow();
  });

  it('refuses cert-manager objects missing what cert-manager requires', () => {
    const { secretName: _secretName, ...noSecret } = certificate.spec;
    expect(() => validateObject({ ...certificate, spec: noSecret })).toThrow(/secretName/);
    const { server: _server, ...noServer } = issuer.spec.acme;
    expect(() => validateObject({ ...issuer, spec: { acme: noServer } })).toThrow(/server/);
  });

  it.each([
    ['a name that is not a DNS label', { metadata: { name: 'Boutique_1' } }],
    ['a name longer than 63', { metadata: { name: 'a'.repeat(64) } }],
    ['a bad namespace', { metadata: { name: 'ok', namespace: 'a/b' } }],
    ['a label with a space', { metadata: { name: 'ok', labels: { app: 'a b' } } }],
    ['a label key with two slashes', { metadata: { name: 'ok', labels: { 'a/b/c': 'x' } } }],
  ])('refuses %s', (_label, patch) => {
    expect(() => validateObject({ ...sample('Secret'), ...patch })).toThrow(ObjectValidationError);
  });

  it('refuses unknown kinds and non-objects', () => {
    expect(() =>
      validateObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }),
    ).toThrow(/unknown kind/);
    expect(() => validateObject('kind: Secret')).toThrow(ObjectValidationError);
    expect(() => validateObject(null)).toThrow(ObjectValidationError);
  });
});
