import type { ApplicationSpec, EnvVar } from '../../spec';
import { ENV_SECRET_DIR, loaderFile, SECRET_DIR, type SecretFile } from './secret-loader';
import { check, ENV_NAME } from './spec-checks';

export { SECRET_DIR };

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

/** A user's code reads its variables by their own names: none is turned into a `NAME_FILE`. */
export const NO_FILE_VARIABLES: ReadonlySet<string> = new Set();

export interface SecretEnvOptions {
  /** Secret variables the container reads from `NAME_FILE` (default IMAGE_FILE_VARIABLES). */
  fromFile?: ReadonlySet<string>;
  /** The image has /bin/sh, so the loader can run (default true). */
  shell?: boolean;
}

export interface SecretEnv {
  /** `NAME=value` of plain variables, `NAME_FILE=path` of file ones: never a secret value. */
  env: string[];
  files: SecretFile[];
  /** The loader must be the entrypoint (secret-loader.ts): some secrets are in ENV_SECRET_DIR. */
  loader: boolean;
  /** Secret variables left in the environment: the image has no shell to run the loader. */
  exposed: string[];
}

/**
 * Secret variables never reach `Env`, which `docker inspect` (anyone with the socket) shows:
 * - those the container reads from a file (`fromFile`) become `NAME_FILE=/run/secrets/nuagedeploy/NAME`;
 * - the others are files of ENV_SECRET_DIR, exported by the loader before the command runs;
 * - only an image without /bin/sh keeps them as plain variables (`exposed`, reported).
 * The files are written into the container before it starts (secret-files.ts).
 */
export function resolveSecretEnv(
  env: EnvVar[],
  secretData: ApplicationSpec['secretData'],
  opts: SecretEnvOptions = {},
): SecretEnv {
  const fromFile = opts.fromFile ?? IMAGE_FILE_VARIABLES;
  const shell = opts.shell ?? true;
  const out: SecretEnv = { env: [], files: [], loader: false, exposed: [] };
  const fileNames: string[] = [];
  for (const v of env) {
    const [entry] = resolveEnv([v], secretData);
    if (!('secretKey' in v)) {
      out.env.push(entry!);
      continue;
    }
    const content = entry!.slice(v.name.length + 1);
    if (fromFile.has(v.name)) {
      const path = `${SECRET_DIR}/${v.name}`;
      fileNames.push(`${v.name}_FILE=${path}`);
      out.files.push({ path, content, mode: 0o444 });
    } else if (shell) {
      // 0600, owned by the image's user (converge.ts): the loader runs as that user.
      out.files.push({ path: `${ENV_SECRET_DIR}/${v.name}`, content });
      out.loader = true;
    } else {
      out.env.push(entry!);
      out.exposed.push(v.name);
    }
  }
  if (out.loader) out.files.push(loaderFile());
  out.env.push(...fileNames);
  return out;
}

/** Secret variables that need the loader (not read from a file): their image is inspected. */
export function needsLoader(env: EnvVar[], fromFile: ReadonlySet<string>): boolean {
  return env.some((v) => 'secretKey' in v && !fromFile.has(v.name));
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
