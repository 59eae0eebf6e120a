import { PLAIN_PASSWORD } from '../manifests/test-fixtures';

/** NAME → the value the platform gives it (a RegExp when it holds generated parts). */
export type Documented = Record<string, Record<string, string | RegExp>>;

/**
 * The twelve applications issue 30 added first as data: for each, the variables its official
 * image documents (its Docker Hub or documentation page) and the values the platform gives them
 * (catalogue-applications.test.ts inspects the docker containers and the Kubernetes objects).
 */
export const DOCUMENTED_FIRST: Documented = {
  grafana: {
    GF_DATABASE_TYPE: 'postgres',
    GF_DATABASE_HOST: /-db:5432$/,
    GF_DATABASE_NAME: 'grafana',
    GF_DATABASE_USER: 'grafana',
    GF_DATABASE_PASSWORD: `${PLAIN_PASSWORD}-db`,
    GF_SECURITY_ADMIN_USER: 'admin',
    GF_SECURITY_ADMIN_PASSWORD: PLAIN_PASSWORD,
    GF_SERVER_ROOT_URL: 'https://boutique.exemple.sn',
  },
  n8n: {
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: /-db$/,
    DB_POSTGRESDB_PORT: '5432',
    DB_POSTGRESDB_DATABASE: 'n8n',
    DB_POSTGRESDB_USER: 'n8n',
    DB_POSTGRESDB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    N8N_ENCRYPTION_KEY: /^[A-Za-z0-9_-]{43}$/,
    N8N_HOST: 'boutique.exemple.sn',
    WEBHOOK_URL: 'https://boutique.exemple.sn',
    GENERIC_TIMEZONE: 'Africa/Dakar',
  },
  metabase: {
    MB_DB_TYPE: 'postgres',
    MB_DB_HOST: /-db$/,
    MB_DB_PORT: '5432',
    MB_DB_DBNAME: 'metabase',
    MB_DB_USER: 'metabase',
    MB_DB_PASS: `${PLAIN_PASSWORD}-db`,
    MB_SITE_URL: 'https://boutique.exemple.sn',
  },
  directus: {
    DB_CLIENT: 'pg',
    DB_HOST: /-db$/,
    DB_PORT: '5432',
    DB_DATABASE: 'directus',
    DB_USER: 'directus',
    DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    SECRET: /^[A-Za-z0-9_-]{43}$/,
    PUBLIC_URL: 'https://boutique.exemple.sn',
    ADMIN_EMAIL: 'gerant@boutique.sn',
    ADMIN_PASSWORD: PLAIN_PASSWORD,
  },
  gitea: {
    GITEA__database__DB_TYPE: 'postgres',
    GITEA__database__HOST: /-db:5432$/,
    GITEA__database__NAME: 'gitea',
    GITEA__database__USER: 'gitea',
    GITEA__database__PASSWD: `${PLAIN_PASSWORD}-db`,
    GITEA__server__ROOT_URL: 'https://boutique.exemple.sn',
    GITEA__security__INSTALL_LOCK: 'true',
    GITEA__security__SECRET_KEY: /^[A-Za-z0-9_-]{43}$/,
  },
  listmonk: {
    LISTMONK_app__address: '0.0.0.0:9000',
    LISTMONK_db__host: /-db$/,
    LISTMONK_db__port: '5432',
    LISTMONK_db__database: 'listmonk',
    LISTMONK_db__user: 'listmonk',
    LISTMONK_db__password: `${PLAIN_PASSWORD}-db`,
    LISTMONK_db__ssl_mode: 'disable',
  },
  vaultwarden: {
    // The password percent-encoded inside the URL (the fixture's has no reserved character).
    DATABASE_URL: new RegExp(
      `^postgresql://vaultwarden:${PLAIN_PASSWORD}-db@[a-z0-9-]+-db:5432/vaultwarden$`,
    ),
    DOMAIN: 'https://boutique.exemple.sn',
    ROCKET_PORT: '8080',
  },
  mattermost: {
    MM_SQLSETTINGS_DRIVERNAME: 'postgres',
    MM_SQLSETTINGS_DATASOURCE: new RegExp(
      `^postgres://mattermost:${PLAIN_PASSWORD}-db@[a-z0-9-]+-db:5432/mattermost\\?sslmode=disable`,
    ),
    MM_SERVICESETTINGS_SITEURL: 'https://boutique.exemple.sn',
  },
  wikijs: {
    DB_TYPE: 'postgres',
    DB_HOST: /-db$/,
    DB_PORT: '5432',
    DB_NAME: 'wiki',
    DB_USER: 'wiki',
    DB_PASS: `${PLAIN_PASSWORD}-db`,
  },
  dolibarr: {
    DOLI_DB_TYPE: 'mysqli',
    DOLI_DB_HOST: /-db$/,
    DOLI_DB_HOST_PORT: '3306',
    DOLI_DB_NAME: 'dolibarr',
    DOLI_DB_USER: 'dolibarr',
    DOLI_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    DOLI_URL_ROOT: 'https://boutique.exemple.sn',
    DOLI_INSTALL_AUTO: '1',
    DOLI_ADMIN_LOGIN: 'admin',
    DOLI_ADMIN_PASSWORD: PLAIN_PASSWORD,
  },
  prestashop: {
    DB_SERVER: /-db$/,
    DB_PORT: '3306',
    DB_NAME: 'prestashop',
    DB_USER: 'prestashop',
    DB_PASSWD: `${PLAIN_PASSWORD}-db`,
    PS_INSTALL_AUTO: '1',
    PS_DOMAIN: 'boutique.exemple.sn',
    PS_LANGUAGE: 'fr',
    PS_FOLDER_ADMIN: 'admin-nuage',
    ADMIN_MAIL: 'gerant@boutique.sn',
    ADMIN_PASSWD: PLAIN_PASSWORD,
  },
  kimai: {
    DATABASE_URL: new RegExp(
      `^mysql://kimai:${PLAIN_PASSWORD}-db@[a-z0-9-]+-db:3306/kimai\\?charset=utf8mb4`,
    ),
    APP_SECRET: /^[A-Za-z0-9_-]{43}$/,
    TRUSTED_HOSTS: 'boutique.exemple.sn,localhost,127.0.0.1',
    ADMINMAIL: 'gerant@boutique.sn',
    ADMINPASS: PLAIN_PASSWORD,
  },
};
