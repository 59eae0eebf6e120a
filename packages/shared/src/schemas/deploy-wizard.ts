import { z } from 'zod/mini';
import {
  appNameField,
  cpuField,
  deployLimits,
  deployMessages,
  IMAGE_PATTERN,
  optionalDomain,
  optionalPassword,
  ramField,
  replicasField,
  REPOSITORY_URL_PATTERN,
  storageField,
  TAG_PATTERN,
} from './deployments';
import { emailField, requiredText } from './fields';
import { requiredNumber } from './projects';

const m = deployMessages;

/** Texts of the wizard that SPEC §5 leaves to us (the steps' own requirements). */
export const deployWizardMessages = {
  appTypeRequired: "Choisissez un type d'application",
  templateRequired: 'Choisissez un template',
} as const;

export const appTypes = ['saas', 'code'] as const;
export type AppType = (typeof appTypes)[number];
export const repositoryTypes = ['public', 'private'] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalEmail = z.optional(z.pipe(z.transform(blankToUndefined), z.optional(emailField)));
const optionalText = z.optional(z.string().check(z.trim()));

/**
 * SPEC §3 "Deploy wizard form fields", with the rules of SPEC §5. One schema for the five
 * steps: each step validates its own fields (`wizardStepFields`), the last one all of them.
 * Code applications are announced only, but their rules are kept so enabling them is a switch.
 */
export const deployWizardSchema = z
  .object({
    app_type: z.enum(appTypes, { error: deployWizardMessages.appTypeRequired }),
    project_id: requiredText(m.projectRequired),
    environment_id: requiredText(m.environmentRequired),
    template_type: requiredText(deployWizardMessages.templateRequired),
    app_name: appNameField,
    cpu: cpuField,
    ram: ramField,
    storage: storageField,
    replicas: replicasField,
    repository_type: z.optional(z.enum(repositoryTypes)),
    repository_url: optionalText,
    branch: optionalText,
    git_token_id: optionalText,
    odoo_email: optionalEmail,
    odoo_password: optionalPassword,
    postgres_password: optionalPassword,
    wordpress_email: optionalEmail,
    wordpress_password: optionalPassword,
    mariadb_root_password: optionalPassword,
    mariadb_user_password: optionalPassword,
    admin_password: optionalPassword,
    custom_domain: optionalDomain,
    /** '' = Let's Encrypt automatique. */
    certificat_tls_id: z.optional(z.string()),
  })
  .check(
    z.refine((f) => f.app_type !== 'code' || REPOSITORY_URL_PATTERN.test(f.repository_url ?? ''), {
      error: m.repositoryRequired,
      path: ['repository_url'],
    }),
    z.refine(
      (f) => f.app_type !== 'code' || f.repository_type !== 'private' || Boolean(f.git_token_id),
      { error: m.tokenRequired, path: ['git_token_id'] },
    ),
  );
export type DeployWizardValues = z.input<typeof deployWizardSchema>;
export type DeployWizardData = z.output<typeof deployWizardSchema>;
export type DeployWizardField = keyof DeployWizardValues;

/** SPEC §5 defaults (0.5 / 1.0 / 20 / 1, branch main, public repository). */
export const deployWizardDefaults = {
  project_id: '',
  environment_id: '',
  template_type: '',
  app_name: '',
  cpu: deployLimits.cpu.default,
  ram: deployLimits.ram.default,
  storage: deployLimits.storage.default,
  replicas: deployLimits.replicas.default,
  repository_type: 'public',
  repository_url: '',
  branch: 'main',
  git_token_id: '',
  odoo_email: '',
  odoo_password: '',
  postgres_password: '',
  wordpress_email: '',
  wordpress_password: '',
  mariadb_root_password: '',
  mariadb_user_password: '',
  admin_password: '',
  custom_domain: '',
  certificat_tls_id: '',
} as const satisfies Partial<DeployWizardValues>;

/** The fields each of steps 1–4 asks for (step 5 is the recap). */
export const wizardStepFields = {
  1: ['app_type'],
  2: ['project_id', 'environment_id'],
  3: ['template_type'],
  4: [
    'app_name',
    'cpu',
    'ram',
    'storage',
    'replicas',
    'repository_url',
    'git_token_id',
    'odoo_email',
    'odoo_password',
    'postgres_password',
    'wordpress_email',
    'wordpress_password',
    'mariadb_root_password',
    'mariadb_user_password',
    'admin_password',
    'custom_domain',
    'certificat_tls_id',
  ],
} as const satisfies Record<1 | 2 | 3 | 4, readonly DeployWizardField[]>;

/** SPEC §5 "Inline deploy form": replicas read 'Minimum 1 réplica' there. */
const inlineReplicasField = requiredNumber(
  m.replicasRequired,
  z.int({ error: m.replicasInteger }),
  z.gte(deployLimits.replicas.min, m.replicasMinInline),
  z.lte(deployLimits.replicas.max, m.replicasMax),
);

export const inlineDeployTypes = ['ERP', 'CODE'] as const;

/**
 * The inline deploy form of the environment page (SPEC §5): only ERP can be chosen today
 * (CODE is 'Arrive bientôt'); its image and tag are required, the tag defaulting to latest.
 */
export const inlineDeploySchema = z.object({
  nom: appNameField,
  type_application: z.literal('ERP', { error: m.codeComingSoon }),
  cpu: cpuField,
  ram: ramField,
  replicas: inlineReplicasField,
  image_registry_url: requiredText(m.imageRequired, z.regex(IMAGE_PATTERN, m.imageInvalid)),
  image_tag: requiredText(m.tagRequired, z.regex(TAG_PATTERN, m.tagInvalid)),
  nom_domaine: optionalDomain,
  /** '' = Let's Encrypt automatique. */
  certificat_tls_id: z.optional(z.string()),
});
export type InlineDeployValues = z.input<typeof inlineDeploySchema>;
export type InlineDeployData = z.output<typeof inlineDeploySchema>;

export const inlineDeployDefaults = {
  nom: '',
  type_application: 'ERP',
  cpu: deployLimits.cpu.default,
  ram: deployLimits.ram.default,
  replicas: deployLimits.replicas.default,
  image_registry_url: '',
  image_tag: 'latest',
  nom_domaine: '',
  certificat_tls_id: '',
} as const satisfies InlineDeployValues;
