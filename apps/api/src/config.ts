import path from 'node:path';
import { z } from 'zod';

const runtimes = ['auto', 'kubernetes', 'docker', 'simulation'] as const;

/** Every environment variable the process reads (ARCHITECTURE.md "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'SECRETS_KEY must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('NuageDeploy <no-reply@nuagedeploy.local>'),
  PUBLIC_URL: z.url().optional(),
  RUNTIME: z.enum(runtimes).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Runtime = (typeof runtimes)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  secretsKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  runtime: Runtime;
  logLevel: string;
  webDistDir: string | undefined;
  trustProxy: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; an invalid value stops the process with its reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (VAR= in a .env file) mean "unset", as operators expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${reasons.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    runtime: e.RUNTIME,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
  };
}
