import { hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config';
import { readOrCreateSecretsFile } from './lib/generated-secrets-file';

export interface ServerSecrets {
  /** HS256 signing key for access tokens. */
  jwtSecret: string;
  /** AES-256-GCM key (32 bytes) for stored application passwords and private keys. */
  secretsKey: Buffer;
  /** HMAC key for hashing one-time codes and tokens before they are stored. */
  hashKey: Buffer;
}

interface SecretsFile {
  jwt_secret: string;
  secrets_key: string;
}

/**
 * Reads JWT_SECRET and SECRETS_KEY from the configuration, else from DATA_DIR/secrets.json,
 * generating that file once (mode 0600) so a bare `npm start` is secure and restarts keep
 * sessions and encrypted data readable. Several processes on one PostgreSQL must share
 * them through the environment.
 */
export async function loadSecrets(config: Config): Promise<ServerSecrets> {
  let stored: SecretsFile | undefined;
  if (!config.jwtSecret || !config.secretsKey) {
    stored = await readOrCreateServerSecrets(path.join(config.dataDir, 'secrets.json'));
  }
  const jwtSecret = config.jwtSecret ?? stored!.jwt_secret;
  const secretsKey = Buffer.from(config.secretsKey ?? stored!.secrets_key, 'hex');
  return { jwtSecret, secretsKey, hashKey: deriveHashKey(secretsKey) };
}

function deriveHashKey(secretsKey: Buffer): Buffer {
  // A separate key for hashing codes and tokens: one key, one purpose.
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'nuagedeploy-token-hash', 32));
}

function readOrCreateServerSecrets(file: string): Promise<SecretsFile> {
  return readOrCreateSecretsFile<SecretsFile>(file, {
    generate: () => ({
      jwt_secret: randomBytes(48).toString('base64url'),
      secrets_key: randomBytes(32).toString('hex'),
    }),
    isValid: (v): v is SecretsFile => {
      const parsed = v as Partial<SecretsFile> | null;
      return (
        typeof parsed?.jwt_secret === 'string' && /^[0-9a-f]{64}$/.test(parsed.secrets_key ?? '')
      );
    },
    dependants: 'sessions and stored secrets',
  });
}
