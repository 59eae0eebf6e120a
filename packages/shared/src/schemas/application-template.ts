import { z } from 'zod/mini';
import { HEALTH_PATH_PATTERN } from './image-deploy';
import { isTemplateDataPath } from './template-data-path';
import { templateSecuritySchema } from './template-security';
import { TAG_PATTERN as TAG, templateUpdateSchema, updatesProblem } from './template-updates';

/**
 * One catalogue application, as its file under `packages/shared/src/applications/` declares it
 * (issue 30 item 3; docs/applications.md). Everything the engine needs to run it on docker,
 * Kubernetes and the simulation is here: no per-application code.
 *
 * Values of variables may hold these placeholders, replaced once (a value typed by a user is
 * never read again for placeholders): `{{db.host}}`, `{{db.port}}`, `{{db.name}}`,
 * `{{db.user}}`, `{{url}}` (the public URL, `http://localhost` while unknown), `{{domain}}`
 * (`localhost` while unknown), `{{admin.email}}`, `{{title}}` (the application's name) and
 * `{{siteName}}` (the name, prefixed by « Site » when 2 characters or fewer). Passwords are never
 * placeholders of a variable: a variable names the secret (`"secret": "db-password"`) and each
 * runtime passes it by reference (a file on docker, a secretKeyRef on Kubernetes).
 */
export const TEMPLATE_PLACEHOLDERS = [
  'db.host',
  'db.port',
  'db.name',
  'db.user',
  'url',
  'domain',
  'admin.email',
  'title',
  'siteName',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** Keys of the application's Secret a template may use: the platform's three, or its own. */
export const BASE_SECRET_KEYS = ['admin-password', 'db-password', 'db-root-password'] as const;
const GENERATED_SECRET_KEY = /^(odoo-conf|hash-salt|app-[a-z0-9][a-z0-9-]{0,30})$/;

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const knownPlaceholders = (v: string) =>
  [...v.matchAll(PLACEHOLDER)].every((m) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''),
  );

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const ID = /^[a-z][a-z0-9-]{1,30}$/;
const IMAGE = /^[a-z0-9.-]+(?::[0-9]+)?\/[a-z0-9._/-]+$/;

const text = (min = 1, max = 300) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));
const secretKey = z.union([
  z.enum(BASE_SECRET_KEYS),
  z.string().check(z.regex(GENERATED_SECRET_KEY, 'clé de secret inconnue')),
]);

export const templateVariableSchema = z.union([
  z.strictObject({
    name: z.string().check(z.regex(ENV_NAME, 'nom de variable invalide')),
    value: z
      .string()
      .check(
        z.maxLength(20_000),
        z.refine(
          knownPlaceholders,
          `espace réservé inconnu (permis : ${TEMPLATE_PLACEHOLDERS.join(', ')})`,
        ),
      ),
  }),
  z.strictObject({
    name: z.string().check(z.regex(ENV_NAME, 'nom de variable invalide')),
    secret: secretKey,
  }),
]);
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

export { templateSecuritySchema, type TemplateSecurity } from './template-security';

const presetSchema = z.strictObject({
  id: z.string().check(z.regex(ID)),
  name: text(1, 40),
  usageDescription: text(10, 200),
  cpu: z.number().check(z.gte(0.1), z.lte(8)),
  ram: z.number().check(z.gte(0.5), z.lte(16)),
  storage: z.number().check(z.int(), z.gte(1), z.lte(100)),
});

const generatedSecretSchema = z.union([
  /**
   * A file's lines; `{{secret:<key>}}` inserts a secret on one line (line breaks removed),
   * `{{secret:<key>:url}}` percent-encoded (a password inside a connection URL).
   */
  z.strictObject({ lines: z.array(z.string().check(z.maxLength(2000))) }),
  /**
   * base64url(sha256(prefix + secret)): stable for the application's life, never shown. With
   * `"format": "laravel-key"`, `base64:` and the standard base64 of the same 32 bytes: the
   * APP_KEY a Laravel application decodes (Snipe-IT), where base64url characters would not do.
   */
  z.strictObject({
    sha256Of: z.enum(BASE_SECRET_KEYS),
    prefix: text(1, 100),
    format: z.optional(z.enum(['laravel-key'])),
  }),
]);

export const applicationTemplateSchema = z
  .strictObject({
    /** The file's name without `.json`; the type of the application (`type_application`). */
    id: z.string().check(z.regex(ID, 'identifiant invalide (minuscules, chiffres, tirets)')),
    /** Listed and deployable; false keeps a file in the catalogue as « Arrive bientôt ». */
    enabled: z.boolean(),
    /** French texts shown in the wizard. */
    name: text(2, 40),
    category: z.enum([
      'ERP',
      'CMS',
      'Cloud privé',
      'Analytique',
      'E-commerce',
      'Comptabilité',
      'Communication',
      'Formation',
      'Automatisation',
      'Développement',
      'Sécurité',
      'Supervision',
      'Marketing',
      'Gestion de projet',
      'Relation client',
    ]),
    description: text(20, 160),
    /** Words the wizard's search matches besides the name and description. */
    keywords: z.optional(z.array(text(2, 40))),
    /** An inline SVG (no script, no external reference) or a file under apps/web/public/. */
    logo: z.optional(
      z.union([
        z.strictObject({
          svg: z.string().check(
            z.maxLength(8000),
            z.regex(/^<svg[\s>]/, 'un logo SVG commence par <svg'),
            z.refine((s) => !/<script|on[a-z]+=|href=|url\(/i.test(s), 'SVG non autorisé'),
          ),
        }),
        z.strictObject({ asset: z.string().check(z.regex(/^\/logos\/[a-z0-9-]+\.(svg|png)$/)) }),
      ]),
    ),
    /** Official image (registry/repository, no tag) and its default tag. */
    image: z.string().check(z.regex(IMAGE, 'image invalide : registre/dépôt sans étiquette')),
    tag: z.string().check(z.regex(TAG, 'étiquette invalide')),
    /** Older tags that may move to a newer one (template-updates.ts), newest `to` = `tag`. */
    updates: z.optional(z.array(templateUpdateSchema)),
    port: z.number().check(z.int(), z.gte(1), z.lte(65_535)),
    /** Replaces the image's CMD (its ENTRYPOINT stays), when the image's own is not the server. */
    command: z.optional(z.array(z.string().check(z.maxLength(2000))).check(z.minLength(1))),
    /** Default resources of one replica: cores, GB, GB. */
    resources: z.strictObject({
      cpu: z.number().check(z.gte(0.1), z.lte(8)),
      ram: z.number().check(z.gte(0.5), z.lte(16)),
      storage: z.number().check(z.int(), z.gte(1), z.lte(100)),
    }),
    /** Price hints: presets (priced by pricing-presets.ts); else one « Standard » preset of the defaults. */
    presets: z.optional(z.array(presetSchema).check(z.minLength(1))),
    /** The « Standard » preset's usage text, when there are no presets. */
    usage: z.optional(text(10, 200)),
    database: z.strictObject({
      engine: z.enum(['postgresql', 'mariadb']),
      name: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,30}$/)),
      user: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,30}$/)),
    }),
    /** SPEC §3's wizard fields this application asks for. */
    adminFields: z.strictObject({
      email: z.optional(z.enum(['odoo_email', 'wordpress_email'])),
      password: z.optional(z.enum(['odoo_password', 'wordpress_password', 'admin_password'])),
      databasePasswords: z.array(
        z.enum(['postgres_password', 'mariadb_root_password', 'mariadb_user_password']),
      ),
    }),
    /** The application's login page and the login the platform created (admin-access.ts). */
    adminAccess: z.strictObject({
      path: z.string().check(z.regex(HEALTH_PATH_PATTERN)),
      login: z.nullable(z.enum(['admin', 'email'])),
      managedPassword: z.boolean(),
    }),
    volume: z.strictObject({
      mountPath: z
        .string()
        .check(
          z.refine(isTemplateDataPath, 'chemin de volume invalide (absolu, hors dossiers système)'),
        ),
    }),
    /** HTTP check on the application's port: 2xx/3xx once it serves. */
    health: z.strictObject({
      path: z.string().check(z.regex(HEALTH_PATH_PATTERN, 'chemin de contrôle invalide')),
      /** Seconds before liveness checks; from 120 the engine adds a startup probe. */
      livenessDelaySeconds: z.number().check(z.int(), z.gte(10), z.lte(600)),
    }),
    security: templateSecuritySchema,
    env: z.array(templateVariableSchema),
    secretFiles: z.optional(
      z.array(
        z.strictObject({
          secret: z.string().check(z.regex(GENERATED_SECRET_KEY)),
          mountPath: z.string().check(z.regex(/^\/[A-Za-z0-9._/-]{1,255}$/)),
        }),
      ),
    ),
    generatedSecrets: z.optional(
      z.record(z.string().check(z.regex(GENERATED_SECRET_KEY)), generatedSecretSchema),
    ),
    /** A one-shot task after each deploy: install, admin account, password set again. */
    setup: z.optional(
      z.strictObject({
        image: z
          .string()
          .check(z.regex(/^[a-z0-9.-]+(?::[0-9]+)?\/[a-z0-9._/-]+:[A-Za-z0-9_.-]+$/)),
        command: z.array(z.string()).check(z.minLength(1)),
        env: z.array(templateVariableSchema),
        security: z.optional(templateSecuritySchema),
        resources: z.optional(
          z.strictObject({
            cpuMilli: z.number().check(z.int(), z.gte(50), z.lte(4000)),
            ramMb: z.number().check(z.int(), z.gte(64), z.lte(8192)),
          }),
        ),
      }),
    ),
  })
  .check(
    z.superRefine((t, ctx) => {
      const problem = updatesProblem(t.tag, t.updates ?? []);
      if (problem)
        ctx.issues.push({ code: 'custom', message: problem, path: ['updates'], input: t });
    }),
    z.refine(
      (t) => (t.presets ? true : Boolean(t.usage)),
      'sans « presets », « usage » décrit le préréglage Standard',
    ),
    z.refine(
      (t) => !t.adminAccess.managedPassword || t.setup !== undefined,
      'un mot de passe géré par la plateforme demande une tâche « setup » qui l’applique à chaque régénération',
    ),
    z.refine(
      (t) =>
        [...t.env, ...(t.setup?.env ?? [])].every(
          (v) =>
            !('secret' in v) ||
            (BASE_SECRET_KEYS as readonly string[]).includes(v.secret) ||
            t.generatedSecrets?.[v.secret] !== undefined,
        ),
      'une variable nomme un secret que « generatedSecrets » ne génère pas',
    ),
    z.refine(
      (t) => (t.secretFiles ?? []).every((f) => t.generatedSecrets?.[f.secret] !== undefined),
      'un fichier secret nomme un secret que « generatedSecrets » ne génère pas',
    ),
  );
export type ApplicationTemplate = z.infer<typeof applicationTemplateSchema>;

/**
 * Validates every application file; the error names the file and the field. The file's name
 * must be its id.
 */
export function parseApplicationFiles(files: Record<string, unknown>): ApplicationTemplate[] {
  const seen = new Set<string>();
  return Object.entries(files).map(([file, data]) => {
    const result = applicationTemplateSchema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.path.map(String).join('.') || '(racine)';
      throw new Error(`applications/${file}.json : champ « ${field} » : ${issue.message}`);
    }
    if (result.data.id !== file)
      throw new Error(
        `applications/${file}.json : champ « id » : « ${result.data.id} » au lieu de « ${file} »`,
      );
    if (seen.has(result.data.image))
      throw new Error(
        `applications/${file}.json : champ « image » : déjà celle d'une autre application`,
      );
    seen.add(result.data.image);
    return result.data;
  });
}
