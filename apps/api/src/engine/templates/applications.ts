import type { SaasTemplateId } from '@nuage/shared/catalog';
import type { EnvVar, SecretKey, SetupJobSpec } from '../spec';

/** What the application container of each template needs at run time. */
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
    ctx: ProfileContext & { adminPassword: string },
  ): Partial<Record<SecretKey, string>>;
  setup?(ctx: ProfileContext): Omit<SetupJobSpec, 'name' | 'security'>;
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

export const applicationProfiles: Record<SaasTemplateId, ApplicationProfile> = {
  wordpress: {
    dataPath: '/var/www/html',
    healthPath: '/wp-includes/images/blank.gif',
    livenessDelaySeconds: 60,
    env: (c) => [
      value('WORDPRESS_DB_HOST', `${c.dbHost}:${c.dbPort}`),
      value('WORDPRESS_DB_NAME', c.database),
      value('WORDPRESS_DB_USER', c.dbUser),
      secret('WORDPRESS_DB_PASSWORD', 'db-password'),
    ],
    // The official image does not install WordPress by itself: wp-cli does, with the admin
    // e-mail and password given in the wizard.
    setup: (c) => ({
      image: 'docker.io/library/wordpress:cli',
      command: [
        'sh',
        '-c',
        // The admin password is a file on the docker runtime (WP_ADMIN_PASSWORD_FILE), a variable on Kubernetes.
        'if [ -n "$WP_ADMIN_PASSWORD_FILE" ]; then WP_ADMIN_PASSWORD="$(cat "$WP_ADMIN_PASSWORD_FILE")"; fi; if wp core is-installed; then wp option update home "$WP_URL" && wp option update siteurl "$WP_URL"; else wp core install --url="$WP_URL" --title="$WP_TITLE" --admin_user=admin --admin_password="$WP_ADMIN_PASSWORD" --admin_email="$WP_ADMIN_EMAIL" --skip-email; fi',
      ],
      env: [
        value('WORDPRESS_DB_HOST', `${c.dbHost}:${c.dbPort}`),
        value('WORDPRESS_DB_NAME', c.database),
        value('WORDPRESS_DB_USER', c.dbUser),
        secret('WORDPRESS_DB_PASSWORD', 'db-password'),
        value('WP_URL', c.publicUrl ?? 'http://localhost'),
        value('WP_TITLE', c.siteTitle),
        value('WP_ADMIN_EMAIL', c.adminEmail),
        secret('WP_ADMIN_PASSWORD', 'admin-password'),
      ],
    }),
  },
  odoo: {
    dataPath: '/var/lib/odoo',
    healthPath: '/web/login',
    livenessDelaySeconds: 180,
    env: (c) => [
      value('HOST', c.dbHost),
      value('PORT', String(c.dbPort)),
      value('USER', c.dbUser),
      secret('PASSWORD', 'db-password'),
    ],
    // The wizard's Odoo password becomes the master password that protects database management.
    secretFiles: [{ secretKey: 'odoo-conf', mountPath: '/etc/odoo/odoo.conf' }],
    extraSecrets: (c) => ({
      'odoo-conf': `[options]\naddons_path = /mnt/extra-addons\ndata_dir = /var/lib/odoo\nadmin_passwd = ${c.adminPassword.replace(/[\r\n]/g, '')}\nproxy_mode = True\n`,
    }),
  },
  joomla: {
    dataPath: '/var/www/html',
    healthPath: '/',
    livenessDelaySeconds: 60,
    env: (c) => [
      value('JOOMLA_DB_HOST', `${c.dbHost}:${c.dbPort}`),
      value('JOOMLA_DB_NAME', c.database),
      value('JOOMLA_DB_USER', c.dbUser),
      secret('JOOMLA_DB_PASSWORD', 'db-password'),
    ],
  },
  drupal: {
    dataPath: '/var/www/html/sites',
    healthPath: '/',
    livenessDelaySeconds: 60,
    // Drupal reads its database settings in its web installer; they are shown to the user.
    env: () => [],
  },
  nextcloud: {
    dataPath: '/var/www/html',
    healthPath: '/status.php',
    livenessDelaySeconds: 120,
    env: (c) => [
      value('POSTGRES_HOST', `${c.dbHost}:${c.dbPort}`),
      value('POSTGRES_DB', c.database),
      value('POSTGRES_USER', c.dbUser),
      secret('POSTGRES_PASSWORD', 'db-password'),
      value('NEXTCLOUD_ADMIN_USER', 'admin'),
      secret('NEXTCLOUD_ADMIN_PASSWORD', 'admin-password'),
      value('NEXTCLOUD_TRUSTED_DOMAINS', c.domain ?? 'localhost'),
    ],
  },
  matomo: {
    dataPath: '/var/www/html',
    healthPath: '/',
    livenessDelaySeconds: 60,
    env: (c) => [
      value('MATOMO_DATABASE_HOST', c.dbHost),
      value('MATOMO_DATABASE_PORT', String(c.dbPort)),
      value('MATOMO_DATABASE_ADAPTER', 'mysql'),
      value('MATOMO_DATABASE_DBNAME', c.database),
      value('MATOMO_DATABASE_USERNAME', c.dbUser),
      secret('MATOMO_DATABASE_PASSWORD', 'db-password'),
    ],
  },
};
