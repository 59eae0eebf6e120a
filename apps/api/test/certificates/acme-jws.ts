import {
  createHash,
  createPublicKey,
  randomBytes,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';

/** RFC 8555 §6.2 request authentication, as small as a test authority can have it (ES256/RS256). */

export class AcmeProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    detail: string,
  ) {
    super(detail);
  }
}

export interface VerifiedRequest {
  url: string;
  nonce: string;
  /** The account URL (kid), or null for newAccount (jwk). */
  kid: string | null;
  jwk: JsonWebKey | null;
  key: KeyObject;
  /** null for POST-as-GET (empty payload). */
  payload: Record<string, unknown> | null;
}

interface FlattenedJws {
  protected?: unknown;
  payload?: unknown;
  signature?: unknown;
}

const b64json = (value: string) =>
  JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;

export const randomId = () => randomBytes(12).toString('base64url');

/** RFC 7638 thumbprint: the required members in lexicographic order, SHA-256, base64url. */
export function thumbprint(jwk: JsonWebKey): string {
  const members =
    jwk.kty === 'EC'
      ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
      : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/**
 * Checks the JWS of a POST: protected header (alg, nonce, url, exactly one of jwk/kid) and the
 * signature with the account's (or the given) key. `accountKey` resolves a kid to its key.
 */
export function verifyJws(
  body: unknown,
  accountKey: (kid: string) => KeyObject | undefined,
): VerifiedRequest {
  const jws = (body ?? {}) as FlattenedJws;
  if (
    typeof jws.protected !== 'string' ||
    typeof jws.payload !== 'string' ||
    typeof jws.signature !== 'string'
  ) {
    throw new AcmeProblem(400, 'malformed', 'Flattened JWS expected');
  }
  const header = b64json(jws.protected);
  const { alg, nonce, url, jwk, kid } = header as {
    alg?: string;
    nonce?: string;
    url?: string;
    jwk?: JsonWebKey;
    kid?: string;
  };
  if (typeof url !== 'string') throw new AcmeProblem(400, 'malformed', 'url header missing');
  if (typeof nonce !== 'string') throw new AcmeProblem(400, 'badNonce', 'nonce header missing');
  if ((jwk === undefined) === (kid === undefined))
    throw new AcmeProblem(400, 'malformed', 'exactly one of jwk and kid');
  const key = jwk ? createPublicKey({ key: jwk, format: 'jwk' }) : accountKey(kid!);
  if (!key) throw new AcmeProblem(400, 'accountDoesNotExist', `unknown account ${kid}`);
  const data = Buffer.from(`${jws.protected}.${jws.payload}`);
  const signature = Buffer.from(jws.signature, 'base64url');
  const ok =
    alg === 'ES256'
      ? verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature)
      : alg === 'RS256' && verify('sha256', data, key, signature);
  if (!ok)
    throw new AcmeProblem(400, 'badSignatureAlgorithm', `signature does not verify (${alg})`);
  return {
    url,
    nonce,
    kid: kid ?? null,
    jwk: jwk ?? null,
    key,
    payload: jws.payload === '' ? null : b64json(jws.payload),
  };
}
