import { describe, expect, it } from 'vitest';
import { makeSpec, PLAIN_PASSWORD } from '../../../../test/engine/manifests/test-fixtures';
import { TEST_HASH_KEY } from '../../../../test/engine/docker/test-support';
import { applicationPlan, databasePlan, setupPlan, type ContainerPlan } from './container-spec';
import { fakeImageRuns } from '../../../../test/engine/docker/fake-image-runs';
import { ENV_SECRET_DIR } from './secret-loader';

/**
 * Each catalogue application's containers carry the variables its official image documents
 * (Docker Hub library pages), with the values the platform means: the database it is given,
 * the admin account of the wizard. One test per template.
 */
/**
 * NAME → value as the process sees it: a secret behind `NAME_FILE` read back from the file the
 * container gets, one the loader exports read from its file of ENV_SECRET_DIR.
 */
const envOf = (plan: ContainerPlan | null) => ({
  ...Object.fromEntries(
    (plan?.env ?? []).map((e) => {
      const name = e.slice(0, e.indexOf('='));
      const value = e.slice(e.indexOf('=') + 1);
      const file = plan!.secretFiles.find((f) => f.path === value && name.endsWith('_FILE'));
      return file ? [name.slice(0, -'_FILE'.length), file.content] : [name, value];
    }),
  ),
  ...Object.fromEntries(
    (plan?.secretFiles ?? [])
      .filter((f) => f.path.startsWith(`${ENV_SECRET_DIR}/`))
      .map((f) => [f.path.slice(ENV_SECRET_DIR.length + 1), f.content]),
  ),
});

function plans(template: Parameters<typeof makeSpec>[0]['template']) {
  const spec = makeSpec({ template, adminEmail: 'gerant@boutique.sn', nom: 'Ma boutique' });
  const runs = fakeImageRuns(spec);
  const all = [
    applicationPlan(spec, TEST_HASH_KEY, runs),
    databasePlan(spec, TEST_HASH_KEY, runs),
    setupPlan(spec, TEST_HASH_KEY, runs),
  ];
  // Whatever the template, no secret value is in a container's environment or labels.
  for (const plan of all) {
    const shown = JSON.stringify([plan?.env, plan?.labels]);
    for (const value of Object.values(spec.secretData)) expect(shown).not.toContain(value);
  }
  return {
    spec,
    app: envOf(all[0]!),
    db: envOf(all[1]!),
    setup: envOf(all[2]!),
    setupImage: all[2]?.template.image ?? null,
  };
}

const mariadb = (database: string) => ({
  MARIADB_ROOT_PASSWORD: `${PLAIN_PASSWORD}-root`,
  MARIADB_DATABASE: database,
  MARIADB_USER: database,
  MARIADB_PASSWORD: `${PLAIN_PASSWORD}-db`,
});
const postgres = (database: string) => ({
  POSTGRES_DB: database,
  POSTGRES_USER: database,
  POSTGRES_PASSWORD: `${PLAIN_PASSWORD}-db`,
});

describe('the variables each official image documents', () => {
  it('joomla: JOOMLA_DB_* and the auto-deploy JOOMLA_SITE_NAME / JOOMLA_ADMIN_*, on MariaDB', () => {
    const p = plans('joomla');
    expect(p.app).toMatchObject({
      JOOMLA_DB_HOST: `${p.spec.database!.serviceName}:3306`,
      JOOMLA_DB_NAME: 'joomla',
      JOOMLA_DB_USER: 'joomla',
      JOOMLA_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
      JOOMLA_DB_TYPE: 'mysqli',
      JOOMLA_SITE_NAME: 'Ma boutique',
      JOOMLA_ADMIN_USERNAME: 'admin',
      JOOMLA_ADMIN_PASSWORD: PLAIN_PASSWORD,
      JOOMLA_ADMIN_EMAIL: 'gerant@boutique.sn',
    });
    expect(p.app.JOOMLA_ADMIN_USER!.length).toBeGreaterThan(2);
    expect(p.db).toMatchObject(mariadb('joomla'));
    // A regenerated password goes through Joomla's console.
    expect(p.setupImage).toBe('docker.io/library/joomla:4.4-apache');
    expect(p.setup).toMatchObject({ JOOMLA_ADMIN_PASSWORD: PLAIN_PASSWORD });
  });

  it('drupal: no application variable documented; PostgreSQL, and the unattended install', () => {
    const p = plans('drupal');
    expect(p.db).toMatchObject(postgres('drupal'));
    // settings.php reads these (the platform's own names: the image documents none).
    expect(p.app).toMatchObject({
      DRUPAL_DB_HOST: p.spec.database!.serviceName,
      DRUPAL_DB_PORT: '5432',
      DRUPAL_DB_NAME: 'drupal',
      DRUPAL_DB_USER: 'drupal',
      DRUPAL_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    });
    expect(p.app.DRUPAL_HASH_SALT).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.setupImage).toBe('docker.io/library/drupal:10.1-apache');
    expect(p.setup).toMatchObject({
      DRUPAL_ADMIN_EMAIL: 'gerant@boutique.sn',
      DRUPAL_ADMIN_PASSWORD: PLAIN_PASSWORD,
      DRUPAL_SITE_NAME: 'Ma boutique',
      DRUPAL_HASH_SALT: p.app.DRUPAL_HASH_SALT,
    });
    expect(p.setup.DRUPAL_SETTINGS_PHP).toContain("getenv('DRUPAL_DB_PASSWORD')");
    expect(p.setup.DRUPAL_SETTINGS_PHP).not.toContain(PLAIN_PASSWORD);
  });

  it('nextcloud: POSTGRES_* and NEXTCLOUD_ADMIN_USER / NEXTCLOUD_ADMIN_PASSWORD / NEXTCLOUD_TRUSTED_DOMAINS', () => {
    const p = plans('nextcloud');
    expect(p.app).toMatchObject({
      POSTGRES_HOST: `${p.spec.database!.serviceName}:5432`,
      POSTGRES_DB: 'nextcloud',
      POSTGRES_USER: 'nextcloud',
      POSTGRES_PASSWORD: `${PLAIN_PASSWORD}-db`,
      NEXTCLOUD_ADMIN_USER: 'admin',
      NEXTCLOUD_ADMIN_PASSWORD: PLAIN_PASSWORD,
    });
    expect(p.app.NEXTCLOUD_TRUSTED_DOMAINS).toBeTruthy();
    expect(p.db).toMatchObject(postgres('nextcloud'));
    // occ reads a new password from OC_PASS (user:resetpassword --password-from-env).
    expect(p.setup).toMatchObject({
      OC_PASS: PLAIN_PASSWORD,
      NEXTCLOUD_ADMIN_EMAIL: 'gerant@boutique.sn',
    });
  });

  it('matomo: MATOMO_DATABASE_* on MariaDB; no admin variable exists (installer)', () => {
    const p = plans('matomo');
    expect(p.app).toMatchObject({
      MATOMO_DATABASE_HOST: p.spec.database!.serviceName,
      MATOMO_DATABASE_PORT: '3306',
      MATOMO_DATABASE_ADAPTER: 'mysql',
      MATOMO_DATABASE_DBNAME: 'matomo',
      MATOMO_DATABASE_USERNAME: 'matomo',
      MATOMO_DATABASE_PASSWORD: `${PLAIN_PASSWORD}-db`,
    });
    expect(p.db).toMatchObject(mariadb('matomo'));
    expect(p.setupImage).toBeNull();
  });

  it('odoo: HOST/PORT/USER/PASSWORD, and a setup that creates the first administrator', () => {
    const p = plans('odoo');
    expect(p.app).toMatchObject({
      HOST: p.spec.database!.serviceName,
      PORT: '5432',
      USER: 'odoo',
      PASSWORD: `${PLAIN_PASSWORD}-db`,
    });
    expect(p.setup).toMatchObject({
      ODOO_DB: 'odoo',
      ODOO_ADMIN_EMAIL: 'gerant@boutique.sn',
      ODOO_ADMIN_PASSWORD: PLAIN_PASSWORD,
      NUAGE_PASSWORD_REVISION: '0',
    });
    expect(p.spec.secretData['odoo-conf']).toContain('db_name = odoo\n');
    expect(p.spec.secretData['odoo-conf']).toContain('list_db = False\n');
  });

  it('wordpress: WORDPRESS_DB_*, and wp-cli with the wizard’s admin account', () => {
    const p = plans('wordpress');
    expect(p.app).toMatchObject({
      WORDPRESS_DB_NAME: 'wordpress',
      WORDPRESS_DB_USER: 'wordpress',
      WORDPRESS_DB_PASSWORD: `${PLAIN_PASSWORD}-db`,
    });
    expect(p.setup).toMatchObject({
      WP_ADMIN_EMAIL: 'gerant@boutique.sn',
      WP_ADMIN_PASSWORD: PLAIN_PASSWORD,
    });
  });
});
