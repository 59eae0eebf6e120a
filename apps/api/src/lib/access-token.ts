import { auth } from '@nuage/shared/limits';
import { jwtVerify, SignJWT } from 'jose';
import { ExpiringCache } from './expiring-cache';

export interface AccessTokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  tokenVersion: number;
}

const ALGORITHM = 'HS256';
const MAX_VERIFIED = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${auth.tokenTtlHours}h`)
      .sign(this.key);
  }

  /**
   * Signature checks of tokens already seen, until they expire: a token's claims never change,
   * so checking the same string again would only spend CPU on every request.
   */
  private readonly verified = new ExpiringCache<AccessTokenClaims>(MAX_VERIFIED);

  /** The claims of a valid, unexpired token, or null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      const claims = { userId: payload.sub, tokenVersion: payload.tv };
      this.verified.set(token, claims, (payload.exp ?? 0) * 1000);
      return claims;
    } catch {
      return null;
    }
  }
}
