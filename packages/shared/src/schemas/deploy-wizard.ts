import { z } from 'zod/mini';
import {
  appNameField,
  cpuField,
  deployLimits,
  deployMessages,
  IMAGE_PATTERN,
  optionalPassword,
  ramField,
  replicasField,
  REPOSITORY_URL_PATTERN,
  storageField,
  TAG_PATTERN,
} from './deployments';
import { codeTemplateIds } from '../catalog';
import { optionalDomain } from './domain';
import {
  buildArgsField,
  codeDeployMessages,
  codeSourceChecks,
  envVarsField,
  isValidBranch,
  portField,
} from './code-deploy';
import { emailField, requiredText } from './fields';
import { requiredNumber } from './projects';
import { splitCommand } from '../command-line';
import { parseImageReference } from '../image-reference';
import { imageDeployTexts as imageTexts } from '../messages/images';
import { codeMessages, ENV_VAR_NAME_PATTERN } from './code';
import { HEALTH_PATH_PATTERN } from './image-deploy';

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
 * The Code path (issue 13) adds the repository, build arguments, variables and port.
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
    build_args: z.optional(buildArgsField),
    env_vars: z.optional(envVarsField),
    port: portField,
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
  .check(...codeSourceChecks());
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
  build_args: [],
  env_vars: [],
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
    'branch',
    'git_token_id',
    'build_args',
    'env_vars',
    'port',
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

/** SPEC §5 "Inline deploy form": replicas read 'Minimum 1 réplica' there (now 'Minimum 1 instance', issue 33 item 6). */
const inlineReplicasField = requiredNumber(
  m.replicasRequired,
  z.int({ error: m.replicasInteger }),
  z.gte(deployLimits.replicas.min, m.replicasMinInline),
  z.lte(deployLimits.replicas.max, m.replicasMax),
);

export const inlineDeployTypes = ['ERP', 'CODE', 'IMAGE'] as const;

type InlineDraft = {
  type_application?: unknown;
  image?: unknown;
  port?: unknown;
  commande?: unknown;
  chemin_sante?: unknown;
  env_vars?: unknown;
  image_registry_url?: unknown;
  image_tag?: unknown;
  repo_url?: unknown;
  git_branch?: unknown;
  repository_type?: unknown;
  git_token_id?: unknown;
};
const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const inlineRule = (
  type: (typeof inlineDeployTypes)[number],
  field: keyof InlineDraft,
  ok: (value: string) => boolean,
  error: string,
) =>
  z.refine<InlineDraft>((f) => f.type_application !== type || ok(textOf(f[field])), {
    error,
    path: [field],
  });

/**
 * What the inline form deploys: ERP needs its image and tag (tag defaulting to latest); CODE
 * (issue 13) a public repository URL and its branch (main). A sub-object, so that its rules
 * run even when the name is missing: one submit shows every problem at once.
 */
export const inlineSourceSchema = z
  .object({
    type_application: z.enum(inlineDeployTypes),
    image_registry_url: optionalText,
    image_tag: optionalText,
    /** CODE: the runtime of the repository (react, vue, nodejs, python, php, java). */
    code_runtime: z.optional(z.enum(codeTemplateIds)),
    repo_url: optionalText,
    git_branch: optionalText,
    /** CODE: a private repository is read with one of the project's tokens (SPEC §5). */
    repository_type: z.optional(z.enum(repositoryTypes)),
    git_token_id: optionalText,
    /** IMAGE (issue 30): any image reference with its tag, its port, optional command. */
    image: optionalText,
    port: optionalText,
    commande: optionalText,
    chemin_sante: optionalText,
    registry_credential_id: optionalText,
    /** IMAGE: « Redéployer à chaque nouvelle version ». */
    redeploiement_auto: z.optional(z.boolean()),
    env_vars: z.optional(
      z.array(
        z.object({
          name: z.string(),
          value: z.optional(z.string()),
          secret: z.optional(z.boolean()),
        }),
      ),
    ),
  })
  .check(
    inlineRule('IMAGE', 'image', (v) => v !== '', imageTexts.imageRequired),
    inlineRule(
      'IMAGE',
      'image',
      (v) => v === '' || !v.includes('@'),
      imageTexts.imageDigestRefused,
    ),
    inlineRule(
      'IMAGE',
      'image',
      (v) => v === '' || v.includes('@') || parseImageReference(v) !== null,
      imageTexts.imageInvalid,
    ),
    inlineRule(
      'IMAGE',
      'port',
      (v) => /^\d{1,5}$/.test(v) && +v >= 1 && +v <= 65535,
      imageTexts.portRequired,
    ),
    inlineRule('IMAGE', 'commande', (v) => splitCommand(v) !== null, imageTexts.commandQuote),
    inlineRule(
      'IMAGE',
      'chemin_sante',
      (v) => v === '' || HEALTH_PATH_PATTERN.test(v),
      imageTexts.healthPathInvalid,
    ),
    z.superRefine<InlineDraft>((f, ctx) => {
      if (f.type_application !== 'IMAGE' || !Array.isArray(f.env_vars)) return;
      (f.env_vars as { name?: unknown }[]).forEach((row, i) => {
        const name = textOf(row.name);
        if (name !== '' && !ENV_VAR_NAME_PATTERN.test(name))
          ctx.addIssue({
            code: 'custom',
            message: codeMessages.envVarName,
            path: ['env_vars', i, 'name'],
          });
      });
    }),
    inlineRule('ERP', 'image_registry_url', (v) => v !== '', m.imageRequired),
    inlineRule(
      'ERP',
      'image_registry_url',
      (v) => v === '' || IMAGE_PATTERN.test(v),
      m.imageInvalid,
    ),
    inlineRule('ERP', 'image_tag', (v) => v !== '', m.tagRequired),
    inlineRule('ERP', 'image_tag', (v) => v === '' || TAG_PATTERN.test(v), m.tagInvalid),
    inlineRule('CODE', 'repo_url', (v) => REPOSITORY_URL_PATTERN.test(v), m.repositoryRequired),
    inlineRule('CODE', 'git_branch', (v) => v !== '', codeDeployMessages.branchRequired),
    z.refine<InlineDraft>(
      (f) =>
        f.type_application !== 'CODE' ||
        f.repository_type !== 'private' ||
        textOf(f.git_token_id) !== '',
      { error: m.tokenRequired, path: ['git_token_id'] },
    ),
    inlineRule(
      'CODE',
      'git_branch',
      (v) => v === '' || isValidBranch(v),
      codeDeployMessages.branchInvalid,
    ),
  );

/** The inline deploy form of the environment page (SPEC §5). */
export const inlineDeploySchema = z.object({
  nom: appNameField,
  cpu: cpuField,
  ram: ramField,
  replicas: inlineReplicasField,
  source: inlineSourceSchema,
  nom_domaine: optionalDomain,
  /** '' = Let's Encrypt automatique. */
  certificat_tls_id: z.optional(z.string()),
});
export type InlineDeployValues = z.input<typeof inlineDeploySchema>;
export type InlineDeployData = z.output<typeof inlineDeploySchema>;

export const inlineDeployDefaults = {
  nom: '',
  cpu: deployLimits.cpu.default,
  ram: deployLimits.ram.default,
  replicas: deployLimits.replicas.default,
  source: {
    type_application: 'ERP',
    image_registry_url: '',
    image_tag: 'latest',
    code_runtime: 'nodejs',
    repo_url: '',
    git_branch: 'main',
    repository_type: 'public',
    git_token_id: '',
    image: '',
    port: '8080',
    commande: '',
    chemin_sante: '',
    registry_credential_id: '',
    redeploiement_auto: false,
    env_vars: [],
  },
  nom_domaine: '',
  certificat_tls_id: '',
} as const satisfies InlineDeployValues;
