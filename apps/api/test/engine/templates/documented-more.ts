import { PLAIN_PASSWORD } from '../manifests/test-fixtures';
import type { Documented } from './documented-first';

/**
 * The applications added next for the small businesses of West Africa (issue 30 item 3: at
 * least 26 in the catalogue): the variables each official image documents, read from its
 * documentation (Docker Hub page, its repository's README or entrypoint), and the values the
 * platform gives them. A generated secret is 43 base64url characters (sha256 of a platform
 * secret); a password inside a connection URL is percent-encoded (the fixture's needs none).
 */
export const DOCUMENTED_MORE: Documented = {
  // docker-library/redmine: docker-entrypoint.sh writes config/database.yml from these.
  redmine: {
    REDMINE_DB_POSTGRES: /-db$/,
    REDMINE_DB_PORT: '5432',
    REDMINE_DB_DATABASE: 'redmine',
    REDMINE_DB_USERNAME: 'redmine',
    REDMINE_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    REDMINE_SECRET_KEY_BASE: /^[A-Za-z0-9_-]{43}$/,
  },
  // vikunja.io/docs/config-options: VIKUNJA_<SECTION>_<KEY>.
  vikunja: {
    VIKUNJA_DATABASE_TYPE: 'postgres',
    VIKUNJA_DATABASE_HOST: /-db$/,
    VIKUNJA_DATABASE_DATABASE: 'vikunja',
    VIKUNJA_DATABASE_USER: 'vikunja',
    VIKUNJA_DATABASE_PASSWORD: `${PLAIN_PASSWORD}-db`,
    VIKUNJA_SERVICE_JWTSECRET: /^[A-Za-z0-9_-]{43}$/,
    VIKUNJA_SERVICE_PUBLICURL: 'https://boutique.exemple.sn',
  },
  // espocrm/espocrm-docker: its entrypoint installs EspoCRM with these on the first start.
  espocrm: {
    ESPOCRM_DATABASE_PLATFORM: 'Mysql',
    ESPOCRM_DATABASE_HOST: /-db$/,
    ESPOCRM_DATABASE_NAME: 'espocrm',
    ESPOCRM_DATABASE_USER: 'espocrm',
    ESPOCRM_DATABASE_PASSWORD: `${PLAIN_PASSWORD}-db`,
    ESPOCRM_ADMIN_USERNAME: 'admin',
    ESPOCRM_ADMIN_PASSWORD: PLAIN_PASSWORD,
    ESPOCRM_SITE_URL: 'https://boutique.exemple.sn',
    ESPOCRM_LANGUAGE: 'fr_FR',
  },
  // kanboard/kanboard's docker/etc/php84/php-fpm.d/env.conf: PHP-FPM passes these to Kanboard.
  kanboard: {
    DB_DRIVER: 'postgres',
    DB_HOSTNAME: /-db$/,
    DB_PORT: '5432',
    DB_NAME: 'kanboard',
    DB_USERNAME: 'kanboard',
    DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
  },
  // snipe/snipe-it's docker/docker.env and startup.sh (which stops without an APP_KEY).
  'snipe-it': {
    APP_KEY: /^base64:[A-Za-z0-9+/]{43}=$/,
    APP_URL: 'https://boutique.exemple.sn',
    DB_CONNECTION: 'mysql',
    DB_HOST: /-db$/,
    DB_DATABASE: 'snipeit',
    DB_USERNAME: 'snipeit',
    DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
  },
  // nocodb.com/docs/self-hosting/environment-variables: NC_DB pg://host:port?u=&p=&d=.
  nocodb: {
    NC_DB: new RegExp(`^pg://[a-z0-9-]+-db:5432\\?u=nocodb&p=${PLAIN_PASSWORD}-db&d=nocodb$`),
    NC_AUTH_JWT_SECRET: /^[A-Za-z0-9_-]{43}$/,
    NC_PUBLIC_URL: 'https://boutique.exemple.sn',
  },
  // Uptime Kuma 2: an external MariaDB from these (server/setup-database.js).
  'uptime-kuma': {
    UPTIME_KUMA_DB_TYPE: 'mariadb',
    UPTIME_KUMA_DB_HOSTNAME: /-db$/,
    UPTIME_KUMA_DB_PORT: '3306',
    UPTIME_KUMA_DB_NAME: 'kuma',
    UPTIME_KUMA_DB_USERNAME: 'kuma',
    UPTIME_KUMA_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
  },
  // umami.is/docs: DATABASE_URL and APP_SECRET.
  umami: {
    DATABASE_URL: new RegExp(`^postgresql://umami:${PLAIN_PASSWORD}-db@[a-z0-9-]+-db:5432/umami$`),
    DATABASE_TYPE: 'postgresql',
    APP_SECRET: /^[A-Za-z0-9_-]{43}$/,
  },
  // docusealco/docuseal's docker-compose.yml: DATABASE_URL.
  docuseal: {
    DATABASE_URL: new RegExp(
      `^postgresql://docuseal:${PLAIN_PASSWORD}-db@[a-z0-9-]+-db:5432/docuseal$`,
    ),
  },
  // xwiki/xwiki-docker: hibernate.cfg.xml is written from these.
  xwiki: {
    DB_HOST: /-db$/,
    DB_DATABASE: 'xwiki',
    DB_USER: 'xwiki',
    DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
  },
};
