import type { DatabaseTls } from '../specs/database-settings';
import { applicationTemplates, type SaasTemplateId } from '@nuage/shared/catalog';
import type {
  ApplicationTemplate,
  TemplatePlaceholder,
  TemplateVariable,
} from '@nuage/shared/schemas/application-template';
import { createHash } from 'node:crypto';
import type { EnvVar, SecretKey, SetupJobSpec } from '../spec';
import { securityProfileOf } from './security';

/** An application's three generated passwords (sealed in its row, engine/specs/sealed-secrets.ts). */
export interface ApplicationSecrets {
  adminPassword: string;
  dbPassword: string;
  dbRootPassword: string;
  /** A database's TLS key and certificates (issue 25 item 2), once its public access was on. */
  databaseTls?: DatabaseTls;
}

/**
 * What the application container of each template needs at run time, from each official
 * image's documentation: the variables it reads, where it keeps its data, what answers once it
 * serves, and how its admin account is created (and its password changed again, see
 * SetupJobSpec). Read from the application's file (packages/shared/src/applications/*.json) by
 * one generic engine: profileOf below.
 */
export interface ApplicationProfile {
  dataPath: string;
  /** HTTP path answered 2xx/3xx once the application serves (probes). */
  healthPath: string;
  /** Seconds before liveness checks start (first boot initialises the database). */
  livenessDelaySeconds: number;
  /** Replaces the image's CMD (Listmonk installs its schema before it serves). */
  command?: string[];
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

/** Joomla refuses a site name of 2 characters or fewer in its unattended install. */
const siteName = (title: string) => (title.trim().length > 2 ? title : `Site ${title}`.trim());

function placeholderValue(name: TemplatePlaceholder, c: ProfileContext): string {
  switch (name) {
    case 'db.host':
      return c.dbHost;
    case 'db.port':
      return String(c.dbPort);
    case 'db.name':
      return c.database;
    case 'db.user':
      return c.dbUser;
    case 'url':
      return c.publicUrl ?? 'http://localhost';
    case 'domain':
      return c.domain ?? 'localhost';
    case 'admin.email':
      return c.adminEmail;
    case 'title':
      return c.siteTitle;
    case 'siteName':
      return siteName(c.siteTitle);
  }
}

/**
 * One pass over the file's text: a value typed by a user (a title holding `{{db.host}}`) is
 * inserted as is, never read again for placeholders. The schema refused unknown placeholders.
 */
function fill(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, name: string) => lookup(name) ?? whole);
}

const fillContext = (text: string, c: ProfileContext) =>
  fill(text, (name) => placeholderValue(name as TemplatePlaceholder, c));

function variables(list: readonly TemplateVariable[], c: ProfileContext): EnvVar[] {
  return list.map((v) =>
    'secret' in v
      ? { name: v.name, secretKey: v.secret as SecretKey }
      : { name: v.name, value: fillContext(v.value, c) },
  );
}

const SECRET_OF = {
  'admin-password': 'adminPassword',
  'db-password': 'dbPassword',
  'db-root-password': 'dbRootPassword',
} as const;

/** A key derived from a platform secret: stable for the application's life (the schema's doc). */
function derivedKey(
  g: { sha256Of: keyof typeof SECRET_OF; prefix: string; format?: 'laravel-key' },
  secrets: ApplicationSecrets,
): string {
  const digest = createHash('sha256').update(`${g.prefix}${secrets[SECRET_OF[g.sha256Of]]}`);
  return g.format === 'laravel-key'
    ? `base64:${digest.digest('base64')}`
    : digest.digest('base64url');
}

function generatedSecrets(
  t: ApplicationTemplate,
  c: ProfileContext & { secrets: ApplicationSecrets },
): Partial<Record<SecretKey, string>> {
  const out: Partial<Record<SecretKey, string>> = {};
  for (const [key, g] of Object.entries(t.generatedSecrets ?? {})) {
    out[key as SecretKey] =
      'lines' in g
        ? g.lines
            .map((line) =>
              fill(line, (name) => {
                const [, secret, filter] = /^secret:([a-z-]+)(?::(url))?$/.exec(name) ?? [];
                if (secret && secret in SECRET_OF) {
                  // A secret lands on one line of a configuration file: no line break in it.
                  const v = c.secrets[SECRET_OF[secret as keyof typeof SECRET_OF]].replace(
                    /[\r\n]/g,
                    '',
                  );
                  return filter === 'url' ? encodeURIComponent(v) : v;
                }
                return placeholderValue(name as TemplatePlaceholder, c);
              }),
            )
            .join('\n')
        : derivedKey(g, c.secrets);
  }
  return out;
}

/** The generic engine: an application file read as the profile build-spec.ts renders. */
export function profileOf(t: ApplicationTemplate): ApplicationProfile {
  const setup = t.setup;
  return {
    dataPath: t.volume.mountPath,
    healthPath: t.health.path,
    livenessDelaySeconds: t.health.livenessDelaySeconds,
    ...(t.command ? { command: [...t.command] } : {}),
    env: (c) => variables(t.env, c),
    ...(t.secretFiles
      ? {
          secretFiles: t.secretFiles.map((f) => ({
            secretKey: f.secret as SecretKey,
            mountPath: f.mountPath,
          })),
        }
      : {}),
    ...(t.generatedSecrets ? { extraSecrets: (c) => generatedSecrets(t, c) } : {}),
    ...(setup
      ? {
          setup: (c) => ({
            image: setup.image,
            command: [...setup.command],
            env: variables(setup.env, c),
            ...(setup.security ? { security: securityProfileOf(setup.security) } : {}),
            ...(setup.resources ? { resources: { ...setup.resources } } : {}),
          }),
        }
      : {}),
  };
}

export const applicationProfiles = Object.fromEntries(
  applicationTemplates.map((t) => [t.id, profileOf(t)]),
) as Record<SaasTemplateId, ApplicationProfile>;
