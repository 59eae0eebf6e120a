import { z } from 'zod/mini';
import { emailField, requiredText } from './fields';
import { branchField, buildArgsField, envVarListSchema, portField } from './code';
import { requiredNumber } from './projects';
import { domainMessages, optionalDomain } from './domain';

/** SPEC §5 "Deploy wizard" and "Inline deploy form" texts, plus the server's own. */
export const deployMessages = {
  nameRequired: "Le nom de l'application est requis",
  nameTooLong: "Le nom de l'application ne peut pas dépasser 100 caractères",
  nameTaken: 'Une application porte déjà ce nom dans cet environnement.',
  cpuRequired: 'CPU requis',
  cpuMin: 'Minimum 0.1 core',
  cpuMax: 'Maximum 8 cores',
  ramRequired: 'RAM requis',
  ramMin: 'Minimum 0.5 GB',
  ramMax: 'Maximum 16 GB',
  storageRequired: 'Storage requis',
  storageMin: 'Minimum 1 GB',
  storageMax: 'Maximum 100 GB',
  replicasRequired: 'Nombre d’instances requis',
  replicasMin: 'Minimum 1 instance',
  replicasMinInline: 'Minimum 1 instance',
  replicasMax: 'Maximum 10 instances',
  replicasInteger: 'Le nombre d’instances doit être un entier',
  repositoryRequired: "L'URL du dépôt est requise",
  tokenRequired: 'Token requis pour un dépôt privé',
  imageRequired: "L'image Docker est requise",
  tagRequired: 'Le tag est requis',
  imageInvalid: 'Image Docker invalide (exemple : docker.io/library/wordpress)',
  tagInvalid: 'Tag invalide (lettres, chiffres, « . », « _ » et « - », 128 caractères au plus)',
  domainInvalid: domainMessages.invalid,
  passwordMin: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordMax: 'Le mot de passe ne peut pas dépasser 128 caractères',
  projectRequired: 'Sélectionnez un projet',
  environmentRequired: 'Sélectionnez un environnement',
  selectEnvAndTemplate: 'Veuillez sélectionner un environnement et un template',
  templateUnknown: "Ce type d'application n'existe pas dans le catalogue",
  templateUnavailable: "Ce type d'application n'est pas encore disponible (Arrive bientôt)",
  joomlaPasswordLength:
    'Joomla exige un mot de passe administrateur de plus de 12 caractères (laissez vide pour en générer un).',
  imageNotInCatalogue:
    'Image non reconnue : choisissez une image officielle du catalogue (WordPress, Odoo, Joomla, Drupal, Nextcloud, Matomo, par exemple docker.io/library/wordpress), ou déployez votre propre code depuis un dépôt Git (type CODE).',
  imageOfOtherTemplate: (template: string) =>
    `Cette image n'est pas celle de l'application ${template} : gardez l'image officielle du catalogue.`,
  codeComingSoon:
    "Le déploiement de code arrive bientôt : seules les applications prêtes à l'emploi (WordPress, Odoo) peuvent être déployées pour l'instant.",
} as const;

/** SPEC §9 "Resource limits (deploy wizard)". */
export const deployLimits = {
  cpu: { min: 0.1, max: 8, default: 0.5, step: 0.1 },
  ram: { min: 0.5, max: 16, default: 1, step: 0.1 },
  storage: { min: 1, max: 100, default: 20, step: 1 },
  replicas: { min: 1, max: 10, default: 1 },
} as const;

const m = deployMessages;
const L = deployLimits;

/** docker.io/library/wordpress, registry.exemple.sn:5000/equipe/app… (no tag, no spaces). */
export const IMAGE_PATTERN =
  /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?::\d{1,5})?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;
export const TAG_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

export const cpuField = requiredNumber(
  m.cpuRequired,
  z.gte(L.cpu.min, m.cpuMin),
  z.lte(L.cpu.max, m.cpuMax),
);
export const ramField = requiredNumber(
  m.ramRequired,
  z.gte(L.ram.min, m.ramMin),
  z.lte(L.ram.max, m.ramMax),
);
export const storageField = requiredNumber(
  m.storageRequired,
  z.gte(L.storage.min, m.storageMin),
  z.lte(L.storage.max, m.storageMax),
);
export const replicasField = requiredNumber(
  m.replicasRequired,
  z.int({ error: m.replicasInteger }),
  z.gte(L.replicas.min, m.replicasMin),
  z.lte(L.replicas.max, m.replicasMax),
);
export const appNameField = requiredText(m.nameRequired, z.maxLength(100, m.nameTooLong));

/** An optional text where "" means "not given" (forms send empty inputs). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalPassword = z.optional(
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.minLength(8, m.passwordMin), z.maxLength(128, m.passwordMax))),
  ),
);
const optionalEmail = z.optional(z.pipe(z.transform(blankToUndefined), z.optional(emailField)));
const optionalImage = z.optional(
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.trim(), z.regex(IMAGE_PATTERN, m.imageInvalid))),
  ),
);
const optionalTag = z.optional(
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.trim(), z.regex(TAG_PATTERN, m.tagInvalid))),
  ),
);
const optionalUuid = z.nullish(z.pipe(z.transform(blankToUndefined), z.optional(z.string())));

/** POST /deployments/{envId}/deploy/erp (SPEC §7), plus the optional storage the wizard sends. */
export const deployErpSchema = z.object({
  nom: appNameField,
  cpu: cpuField,
  ram: ramField,
  storage: z.optional(storageField),
  replicas: replicasField,
  type_application: requiredText(m.templateUnknown, z.maxLength(40, m.templateUnknown)),
  image_registry_url: optionalImage,
  image_tag: optionalTag,
  helm_chart_version: z.optional(z.string()),
  helm_values: z.optional(z.record(z.string(), z.unknown())),
  database_config: z.optional(z.record(z.string(), z.unknown())),
  odoo_email: optionalEmail,
  odoo_password: optionalPassword,
  postgres_password: optionalPassword,
  wordpress_email: optionalEmail,
  wordpress_password: optionalPassword,
  mariadb_root_password: optionalPassword,
  mariadb_user_password: optionalPassword,
  admin_password: optionalPassword,
  certificat_tls_id: optionalUuid,
  nom_domaine: optionalDomain,
});
export type DeployErpInput = z.infer<typeof deployErpSchema>;

/** https://…, ssh://… or git@host:owner/repo. */
export const REPOSITORY_URL_PATTERN = /^(?:(?:https?|ssh|git):\/\/[^\s/]+\/\S+|git@[^\s:]+:\S+)$/;

function repositoryUrlOf(b: {
  repo_url?: string | null;
  repository_access?: { repository_url?: string | null } | null;
}) {
  return (b.repository_access?.repository_url ?? b.repo_url ?? '').trim();
}

/**
 * POST /deployments/{envId}/deploy/code (SPEC §7), plus the issue 13 options: `env_vars`
 * (plain and secret) and `port` (default: the one the build detects).
 */
export const deployCodeSchema = z
  .object({
    nom: appNameField,
    cpu: cpuField,
    ram: ramField,
    replicas: replicasField,
    type_application: z.optional(z.string()),
    git_branch: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(branchField))),
    build_args: z.nullish(buildArgsField),
    env_vars: z.optional(envVarListSchema),
    port: z.nullish(portField),
    helm_chart_version: z.optional(z.string()),
    repo_url: z.nullish(z.string()),
    repository_access: z.nullish(
      z.object({ repository_url: z.nullish(z.string()), git_token_id: z.nullish(z.string()) }),
    ),
    certificat_tls_id: z.nullish(z.string()),
    nom_domaine: optionalDomain,
    image_registry_url: z.nullish(z.string()),
    image_tag: z.nullish(z.string()),
  })
  .check(
    z.refine((b) => REPOSITORY_URL_PATTERN.test(repositoryUrlOf(b)), {
      error: m.repositoryRequired,
      path: ['repo_url'],
    }),
    z.refine((b) => !b.repository_access || Boolean(b.repository_access.git_token_id?.trim()), {
      error: m.tokenRequired,
      path: ['repository_access', 'git_token_id'],
    }),
  );

/** What a client sends to deploy/code (the schema's input, before its transforms). */
export type DeployCodeBody = z.input<typeof deployCodeSchema>;

/** PUT /deployments/deployment/{id}: the edit modal and scaling (every field optional). */
export const updateDeploymentSchema = z.object({
  nom: z.optional(appNameField),
  cpu_requis: z.optional(cpuField),
  ram_requise: z.optional(ramField),
  stockage_requis: z.optional(storageField),
  replicas: z.optional(replicasField),
  image_registry_url: optionalImage,
  image_tag: optionalTag,
  nom_de_domaine: optionalDomain,
  helm_chart_version: z.optional(z.string().check(z.maxLength(20))),
  certificat_tls_id: optionalUuid,
});
export type UpdateDeploymentInput = z.infer<typeof updateDeploymentSchema>;
