import { applicationFiles } from './applications/index';
import { parseApplicationFiles, type ApplicationTemplate } from './schemas/application-template';

/**
 * The application catalogue (SPEC §9 "Template defaults"): one declarative file per application
 * under `applications/` (issue 30 item 3, docs/applications.md), validated here when the module
 * loads — a mistake stops the build and the start with the file and the field. Matomo's 300/512
 * are millicores and MiB: 0.3 core, 0.5 GB.
 */
export type SaasTemplateId = keyof typeof applicationFiles;

/** Every application file, validated, in catalogue order. */
export const applicationTemplates = parseApplicationFiles(applicationFiles) as (Omit<
  ApplicationTemplate,
  'id'
> & { id: SaasTemplateId })[];

export const saasTemplateIds = applicationTemplates.map((t) => t.id) as [
  SaasTemplateId,
  ...SaasTemplateId[],
];

export type DatabaseEngine = 'postgresql' | 'mariadb';

export interface SaasTemplate {
  id: SaasTemplateId;
  name: string;
  category: string;
  description: string;
  /**
   * SPEC §1 enabled only WordPress and Odoo; issue 16 enabled the four others once their
   * images' setup, databases and probes were in the engine's templates.
   */
  enabled: boolean;
  /** Official image and default tag. */
  image: string;
  tag: string;
  port: number;
  cpu: number;
  ram: number;
  storage: number;
  helmVersion: string;
  helmValues: { service: { type: 'ClusterIP'; port: number } };
  database: { engine: DatabaseEngine; database: string; user: string };
  /** Names of the admin fields of SPEC §3's wizard form this template uses. */
  adminFields: {
    email?: 'odoo_email' | 'wordpress_email';
    password?: 'odoo_password' | 'wordpress_password' | 'admin_password';
    databasePasswords: ('postgres_password' | 'mariadb_root_password' | 'mariadb_user_password')[];
  };
}

export const DEFAULT_HELM_CHART_VERSION = '1.0.0';

const helm = (port: number) => ({ service: { type: 'ClusterIP' as const, port } });

/** The catalogue entry of an application file, as the API, the wizard and the engine read it. */
function catalogueEntry(t: ApplicationTemplate & { id: SaasTemplateId }): SaasTemplate {
  return {
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    enabled: t.enabled,
    image: t.image,
    tag: t.tag,
    port: t.port,
    cpu: t.resources.cpu,
    ram: t.resources.ram,
    storage: t.resources.storage,
    helmVersion: DEFAULT_HELM_CHART_VERSION,
    helmValues: helm(t.port),
    database: { engine: t.database.engine, database: t.database.name, user: t.database.user },
    adminFields: {
      ...(t.adminFields.email ? { email: t.adminFields.email } : {}),
      ...(t.adminFields.password ? { password: t.adminFields.password } : {}),
      databasePasswords: t.adminFields.databasePasswords,
    },
  };
}

export const saasTemplates = Object.fromEntries(
  applicationTemplates.map((t) => [t.id, catalogueEntry(t)]),
) as Record<SaasTemplateId, SaasTemplate>;

/** The application file of a catalogue application (runtime profile, logo, keywords, presets). */
export const applicationTemplateOf = Object.fromEntries(
  applicationTemplates.map((t) => [t.id, t]),
) as Record<SaasTemplateId, ApplicationTemplate & { id: SaasTemplateId }>;

/** SPEC §9: unknown types fall back to WordPress defaults. */
export function templateOf(id: string | null | undefined): SaasTemplate {
  return (id && saasTemplates[id as SaasTemplateId]) || saasTemplates.wordpress;
}

export function isSaasTemplateId(id: string): id is SaasTemplateId {
  return (saasTemplateIds as readonly string[]).includes(id);
}

export const codeTemplateIds = ['react', 'vue', 'nodejs', 'python', 'php', 'java'] as const;
export type CodeTemplateId = (typeof codeTemplateIds)[number];

export interface CodeTemplate {
  id: CodeTemplateId;
  name: string;
  description: string;
  /** SPEC §1 announced these ('Arrive bientôt'); issue 13 builds them from Git. */
  enabled: boolean;
}

export const codeTemplates: CodeTemplate[] = [
  {
    id: 'react',
    name: 'React',
    description: 'Applications web monopage construites avec Vite ou Create React App.',
    enabled: true,
  },
  {
    id: 'vue',
    name: 'Vue.js',
    description: 'Applications Vue 3 construites et servies en statique.',
    enabled: true,
  },
  {
    id: 'nodejs',
    name: 'Node.js',
    description: 'API et serveurs Express, Fastify ou NestJS.',
    enabled: true,
  },
  {
    id: 'python',
    name: 'Python',
    description: 'Django, Flask ou FastAPI avec Gunicorn/Uvicorn.',
    enabled: true,
  },
  {
    id: 'php',
    name: 'PHP',
    description: 'Laravel, Symfony ou PHP natif avec Apache.',
    enabled: true,
  },
  {
    id: 'java',
    name: 'Java',
    description: 'Spring Boot et applications JVM construites avec Maven ou Gradle.',
    enabled: true,
  },
];

export const COMING_SOON = 'Arrive bientôt';
