import type { SaasTemplateId } from '@nuage/shared/catalog';
import { createHash } from 'node:crypto';
import type { EnvVar, SecretKey, SetupJobSpec } from '../spec';
import { odooSetupSecurity } from './security';
import {
  DRUPAL_INSTALL,
  DRUPAL_SET_PASSWORD,
  DRUPAL_SETTINGS,
  DRUPAL_SETUP_SCRIPT,
} from './setup/drupal';
import { ODOO_SETUP_SCRIPT, odooConfiguration } from './setup/odoo';

/** An application's three generated passwords (sealed in its row, engine/specs/sealed-secrets.ts). */
export interface ApplicationSecrets {
  adminPassword: string;
  dbPassword: string;
  dbRootPassword: string;
}

/**
 * What the application container of each template needs at run time, from each official
 * image's documentation (Docker Hub library pages): the variables it reads, where it keeps its
 * data, what answers once it serves, and how its admin account is created (and its password
 * changed again, see SetupJobSpec).
 */
export interface ApplicationProfile {
  dataPath: string;
  /** HTTP path answered 2xx/3xx once the application serves (probes). */
  healthPath: string;
  /** Seconds before liveness checks start (first boot initialises the database). */
  livenessDelaySeconds: number;
  env(ctx: ProfileContext): EnvVar[];
  secretFiles?: { secretKey: SecretKey; mountPath: string }[];
  /** Generated secret content (e.g. a configuration file holding a password). */
  extraSecrets?(
    ctx: ProfileContext & { secrets: ApplicationSecrets },
  ): Partial<Record<SecretKey, string>>;
  setup?(ctx: ProfileContext): Omit<SetupJobSpec, 'name' | 'security'> & {
    security?: SetupJobSpec['security'];
  };
}

export interface ProfileContext {
  dbHost: string;
  dbPort: number;
  database: string;
  dbUser: string;
  /** Public URL of the application when known (domain), else null. */
  publicUrl: string | null;
  domain: string | null;
  adminEmail: string;
  siteTitle: string;
}

const secret = (name: string, key: SecretKey): EnvVar => ({ name, secretKey: key });
const value = (name: string, v: string): EnvVar => ({ name, value: v });

/** Joomla refuses a site name of 2 characters or fewer in its unattended install. */
const siteName = (title: string) => (title.trim().length > 2 ? title : `Site ${title}`.trim());

const wordpressDb = (c: ProfileContext) => [
  value('WORDPRESS_DB_HOST', `${c.dbHost}:${c.dbPort}`),
  value('WORDPRESS_DB_NAME', c.database),
  value('WORDPRESS_DB_USER', c.dbUser),
  secret('WORDPRESS_DB_PASSWORD', 'db-password'),
];

const drupalDb = (c: ProfileContext) => [
  value('DRUPAL_DB_HOST', c.dbHost),
  value('DRUPAL_DB_PORT', String(c.dbPort)),
  value('DRUPAL_DB_NAME', c.database),
  value('DRUPAL_DB_USER', c.dbUser),
  secret('DRUPAL_DB_PASSWORD', 'db-password'),
  secret('DRUPAL_HASH_SALT', 'hash-salt'),
];

export const applicationProfiles: Record<SaasTemplateId, ApplicationProfile> = {
  wordpress: {
    dataPath: '/var/www/html',
    healthPath: '/wp-includes/images/blank.gif',
    livenessDelaySeconds: 60,
    env: wordpressDb,
    // The official image does not install WordPress by itself: wp-cli does, with the admin
    // e-mail and password given in the wizard; every run sets the (possibly regenerated) password.
    setup: (c) => ({
      image: 'docker.io/library/wordpress:cli',
      command: [
        'sh',
        '-c',
        // The admin password is a file on the docker runtime (WP_ADMIN_PASSWORD_FILE), a variable on Kubernetes.
        'if [ -n "$WP_ADMIN_PASSWORD_FILE" ]; then WP_ADMIN_PASSWORD="$(cat "$WP_ADMIN_PASSWORD_FILE")"; fi; if wp core is-installed; then wp option update home "$WP_URL" && wp option update siteurl "$WP_URL"; else wp core install --url="$WP_URL" --title="$WP_TITLE" --admin_user=admin --admin_password="$WP_ADMIN_PASSWORD" --admin_email="$WP_ADMIN_EMAIL" --skip-email; fi; wp user update admin --user_pass="$WP_ADMIN_PASSWORD" --user_email="$WP_ADMIN_EMAIL" --skip-email',
      ],
      env: [
        ...wordpressDb(c),
        value('WP_URL', c.publicUrl ?? 'http://localhost'),
        value('WP_TITLE', c.siteTitle),
        value('WP_ADMIN_EMAIL', c.adminEmail),
        secret('WP_ADMIN_PASSWORD', 'admin-password'),
      ],
    }),
  },
  odoo: {
    dataPath: '/var/lib/odoo',
    // Answers (a redirect) before the database is initialised too: the setup waits for it.
    healthPath: '/web/login',
    livenessDelaySeconds: 180,
    env: (c) => [
      value('HOST', c.dbHost),
      value('PORT', String(c.dbPort)),
      value('USER', c.dbUser),
      secret('PASSWORD', 'db-password'),
    ],
    secretFiles: [{ secretKey: 'odoo-conf', mountPath: '/etc/odoo/odoo.conf' }],
    extraSecrets: (c) => ({
      'odoo-conf': odooConfiguration({
        adminPassword: c.secrets.adminPassword,
        database: c.database,
      }),
    }),
    // The first administrator logs in with the wizard's odoo_email and password.
    setup: (c) => ({
      image: 'docker.io/library/odoo:16.0',
      command: ['sh', '-c', ODOO_SETUP_SCRIPT],
      env: [
        value('HOST', c.dbHost),
        value('PORT', String(c.dbPort)),
        value('USER', c.dbUser),
        secret('PASSWORD', 'db-password'),
        value('ODOO_DB', c.database),
        value('ODOO_ADMIN_EMAIL', c.adminEmail),
        secret('ODOO_ADMIN_PASSWORD', 'admin-password'),
      ],
      security: odooSetupSecurity,
      // Initialising the base module needs more than wp-cli's 256 MB.
      resources: { cpuMilli: 1000, ramMb: 1024 },
    }),
  },
  joomla: {
    dataPath: '/var/www/html',
    healthPath: '/',
    livenessDelaySeconds: 90,
    // The image installs Joomla unattended when the JOOMLA_SITE_NAME/ADMIN_* variables are set
    // (its auto-deploy), before Apache starts.
    env: (c) => [
      value('JOOMLA_DB_HOST', `${c.dbHost}:${c.dbPort}`),
      value('JOOMLA_DB_NAME', c.database),
      value('JOOMLA_DB_USER', c.dbUser),
      secret('JOOMLA_DB_PASSWORD', 'db-password'),
      value('JOOMLA_DB_TYPE', 'mysqli'),
      value('JOOMLA_SITE_NAME', siteName(c.siteTitle)),
      value('JOOMLA_ADMIN_USER', 'Administrateur'),
      value('JOOMLA_ADMIN_USERNAME', 'admin'),
      secret('JOOMLA_ADMIN_PASSWORD', 'admin-password'),
      value('JOOMLA_ADMIN_EMAIL', c.adminEmail),
    ],
    // The auto-deploy runs once; a regenerated password is set with Joomla's own console.
    setup: () => ({
      image: 'docker.io/library/joomla:4.4-apache',
      command: [
        'sh',
        '-c',
        'set -e\ncd /var/www/html\nphp cli/joomla.php user:reset-password --username=admin --password="$JOOMLA_ADMIN_PASSWORD"',
      ],
      env: [secret('JOOMLA_ADMIN_PASSWORD', 'admin-password')],
    }),
  },
  drupal: {
    // settings.php and uploaded files; the code stays the image's.
    dataPath: '/var/www/html/sites',
    healthPath: '/',
    livenessDelaySeconds: 90,
    env: drupalDb,
    extraSecrets: (c) => ({
      'hash-salt': createHash('sha256')
        .update(`drupal-hash-salt:${c.secrets.dbRootPassword}`)
        .digest('base64url'),
    }),
    setup: (c) => ({
      image: 'docker.io/library/drupal:10.1-apache',
      command: ['sh', '-c', DRUPAL_SETUP_SCRIPT],
      env: [
        ...drupalDb(c),
        value('DRUPAL_SITE_NAME', c.siteTitle),
        value('DRUPAL_ADMIN_EMAIL', c.adminEmail),
        secret('DRUPAL_ADMIN_PASSWORD', 'admin-password'),
        value('DRUPAL_SETTINGS_PHP', DRUPAL_SETTINGS),
        value('DRUPAL_INSTALL_PHP', DRUPAL_INSTALL),
        value('DRUPAL_PASSWORD_PHP', DRUPAL_SET_PASSWORD),
      ],
      resources: { cpuMilli: 500, ramMb: 512 },
    }),
  },
  nextcloud: {
    dataPath: '/var/www/html',
    healthPath: '/status.php',
    livenessDelaySeconds: 120,
    // With NEXTCLOUD_ADMIN_USER/PASSWORD and the database variables, the image installs
    // Nextcloud unattended before Apache starts.
    env: (c) => [
      value('POSTGRES_HOST', `${c.dbHost}:${c.dbPort}`),
      value('POSTGRES_DB', c.database),
      value('POSTGRES_USER', c.dbUser),
      secret('POSTGRES_PASSWORD', 'db-password'),
      value('NEXTCLOUD_ADMIN_USER', 'admin'),
      secret('NEXTCLOUD_ADMIN_PASSWORD', 'admin-password'),
      value('NEXTCLOUD_TRUSTED_DOMAINS', c.domain ?? 'localhost'),
    ],
    // occ sets the e-mail the install cannot, and a regenerated password.
    setup: (c) => ({
      image: 'docker.io/library/nextcloud:28.0-apache',
      command: [
        'sh',
        '-c',
        'set -e\ncd /var/www/html\nphp occ user:resetpassword --password-from-env admin\nphp occ user:setting admin settings email "$NEXTCLOUD_ADMIN_EMAIL"',
      ],
      env: [secret('OC_PASS', 'admin-password'), value('NEXTCLOUD_ADMIN_EMAIL', c.adminEmail)],
      resources: { cpuMilli: 500, ramMb: 512 },
    }),
  },
  matomo: {
    dataPath: '/var/www/html',
    healthPath: '/matomo.js',
    livenessDelaySeconds: 60,
    // The image documents only its database variables: the super user is created in Matomo's
    // own installer at the first visit (the application page says so).
    env: (c) => [
      value('MATOMO_DATABASE_HOST', c.dbHost),
      value('MATOMO_DATABASE_PORT', String(c.dbPort)),
      value('MATOMO_DATABASE_ADAPTER', 'mysql'),
      value('MATOMO_DATABASE_TABLES_PREFIX', 'matomo_'),
      value('MATOMO_DATABASE_DBNAME', c.database),
      value('MATOMO_DATABASE_USERNAME', c.dbUser),
      secret('MATOMO_DATABASE_PASSWORD', 'db-password'),
    ],
  },
};
