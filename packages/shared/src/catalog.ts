/**
 * The application catalogue (SPEC §9 "Template defaults"), with SPEC's "not shown" cells filled
 * with each application's usual values. Matomo's 300/512 are millicores and MiB: 0.3 core, 0.5 GB.
 * Runtime details (environment variables, probes, volumes) live with the engine's templates.
 */
export const saasTemplateIds = [
  'odoo',
  'wordpress',
  'joomla',
  'drupal',
  'nextcloud',
  'matomo',
] as const;
export type SaasTemplateId = (typeof saasTemplateIds)[number];

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
  /** Official image (Docker Hub library) and default tag. */
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

const helm = (port: number) => ({ service: { type: 'ClusterIP' as const, port } });

export const saasTemplates: Record<SaasTemplateId, SaasTemplate> = {
  odoo: {
    id: 'odoo',
    name: 'Odoo',
    category: 'ERP',
    description: 'ERP complet : ventes, facturation, stocks, comptabilité et CRM.',
    enabled: true,
    image: 'docker.io/library/odoo',
    tag: '16.0',
    port: 8069,
    cpu: 1,
    ram: 2,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(8069),
    database: { engine: 'postgresql', database: 'odoo', user: 'odoo' },
    adminFields: {
      email: 'odoo_email',
      password: 'odoo_password',
      databasePasswords: ['postgres_password'],
    },
  },
  wordpress: {
    id: 'wordpress',
    name: 'WordPress',
    category: 'CMS',
    description: 'Le CMS le plus utilisé au monde pour sites vitrines, blogs et boutiques.',
    enabled: true,
    image: 'docker.io/library/wordpress',
    tag: '6.4-apache',
    port: 80,
    cpu: 0.5,
    ram: 0.5,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(80),
    // SPEC §9 says MySQL: MariaDB is the MySQL-compatible server the wizard's fields name.
    database: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
    adminFields: {
      email: 'wordpress_email',
      password: 'wordpress_password',
      databasePasswords: ['mariadb_root_password', 'mariadb_user_password'],
    },
  },
  joomla: {
    id: 'joomla',
    name: 'Joomla',
    category: 'CMS',
    description: 'CMS flexible pour portails, intranets et sites communautaires.',
    enabled: true,
    image: 'docker.io/library/joomla',
    tag: '4.4-apache',
    port: 80,
    cpu: 0.5,
    ram: 0.5,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(80),
    database: { engine: 'mariadb', database: 'joomla', user: 'joomla' },
    adminFields: {
      password: 'admin_password',
      databasePasswords: ['mariadb_root_password', 'mariadb_user_password'],
    },
  },
  drupal: {
    id: 'drupal',
    name: 'Drupal',
    category: 'CMS',
    description: 'CMS robuste pour sites institutionnels et contenus structurés.',
    enabled: true,
    image: 'docker.io/library/drupal',
    tag: '10.1-apache',
    port: 80,
    cpu: 0.5,
    ram: 0.5,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(80),
    database: { engine: 'postgresql', database: 'drupal', user: 'drupal' },
    adminFields: { password: 'admin_password', databasePasswords: ['postgres_password'] },
  },
  nextcloud: {
    id: 'nextcloud',
    name: 'Nextcloud',
    category: 'Cloud privé',
    description: 'Fichiers, agendas et collaboration sur votre propre cloud privé.',
    enabled: true,
    image: 'docker.io/library/nextcloud',
    tag: '28.0-apache',
    port: 80,
    cpu: 0.5,
    ram: 1,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(80),
    database: { engine: 'postgresql', database: 'nextcloud', user: 'nextcloud' },
    adminFields: { password: 'admin_password', databasePasswords: ['postgres_password'] },
  },
  matomo: {
    id: 'matomo',
    name: 'Matomo',
    category: 'Analytique',
    description: "Mesure d'audience respectueuse de la vie privée, alternative à Google Analytics.",
    enabled: true,
    image: 'docker.io/library/matomo',
    tag: '4.15-apache',
    port: 80,
    cpu: 0.3,
    ram: 0.5,
    storage: 20,
    helmVersion: '1.0.0',
    helmValues: helm(80),
    database: { engine: 'mariadb', database: 'matomo', user: 'matomo' },
    adminFields: { databasePasswords: ['mariadb_root_password', 'mariadb_user_password'] },
  },
};

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
export const DEFAULT_HELM_CHART_VERSION = '1.0.0';
