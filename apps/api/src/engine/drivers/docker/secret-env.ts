import type { ApplicationSpec, EnvVar } from '../../spec';
import { check, ENV_NAME } from './spec-checks';

/** A file written into a container before it starts (secret-files.ts). */
export interface SecretFile {
  path: string;
  content: string;
  /** Files behind `*_FILE` variables are read by the image's unprivileged user (0444). */
  mode?: number;
}

/** Where `NAME_FILE` points for a secret variable NAME: inside the container only. */
export const SECRET_DIR = '/run/secrets/nuagedeploy';

/**
 * The secret variables the images' entrypoints read from `NAME_FILE` (the `file_env` of the
 * WordPress, MariaDB, PostgreSQL, Joomla, Nextcloud and Matomo entrypoints, Odoo's PASSWORD_FILE).
 */
export const IMAGE_FILE_VARIABLES: ReadonlySet<string> = new Set([
  'WORDPRESS_DB_PASSWORD',
  'MARIADB_ROOT_PASSWORD',
  'MARIADB_PASSWORD',
  'POSTGRES_PASSWORD',
  'PASSWORD',
  'JOOMLA_DB_PASSWORD',
  'NEXTCLOUD_ADMIN_PASSWORD',
  'MATOMO_DATABASE_PASSWORD',
]);

/**
 * Setup tasks replace the image's command, and an entrypoint only exports what it read from a
 * file for its own server: the WordPress setup reads its files itself (its command the admin
 * password, wp-config.php's getenv_docker the database password).
 */
export const SETUP_FILE_VARIABLES: ReadonlySet<string> = new Set([
  'WP_ADMIN_PASSWORD',
  'WORDPRESS_DB_PASSWORD',
]);

/**
 * Secret variables become files: `NAME_FILE=/run/secrets/nuagedeploy/NAME`, the value in that
 * file (written into the container before it starts, secret-files.ts), so that `docker
 * inspect`, which anyone with the socket can run, shows no secret. Only for the variables the
 * container reads from a file (`fromFile`): Drupal's settings (DRUPAL_DB_PASSWORD,
 * DRUPAL_HASH_SALT) and the Odoo, Joomla, Drupal and Nextcloud setup scripts read plain
 * variables, which stay in the environment until those commands read files too.
 */
export function resolveSecretEnv(
  env: EnvVar[],
  secretData: ApplicationSpec['secretData'],
  fromFile: ReadonlySet<string> = IMAGE_FILE_VARIABLES,
): { env: string[]; files: SecretFile[] } {
  const asFile = (v: EnvVar) => 'secretKey' in v && fromFile.has(v.name);
  const files: SecretFile[] = [];
  const names: string[] = [];
  for (const v of env.filter(asFile)) {
    const [entry] = resolveEnv([v], secretData);
    const path = `${SECRET_DIR}/${v.name}`;
    names.push(`${v.name}_FILE=${path}`);
    files.push({ path, content: entry!.slice(v.name.length + 1), mode: 0o444 });
  }
  return {
    env: [
      ...resolveEnv(
        env.filter((v) => !asFile(v)),
        secretData,
      ),
      ...names,
    ],
    files,
  };
}

/** EnvVar[] → `NAME=value`; secret values come from spec.secretData, never from a command. */
export function resolveEnv(env: EnvVar[], secretData: ApplicationSpec['secretData']): string[] {
  return env.map((v) => {
    check(ENV_NAME.test(v.name), `invalid environment variable name: ${JSON.stringify(v.name)}`);
    const value = 'value' in v ? v.value : secretData[v.secretKey];
    check(value !== undefined, `secret key ${'secretKey' in v ? v.secretKey : ''} is missing`);
    // execve cannot carry NUL: refuse rather than let the engine cut the value silently.
    check(!value!.includes('\0'), `environment variable ${v.name} contains a NUL character`);
    return `${v.name}=${value}`;
  });
}
