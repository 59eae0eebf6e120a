import { jwtVerify, SignJWT } from 'jose';
import { ExpiringCache } from './expiring-cache';

/** What a session token says: whose session, and which one (the row decides if it still lives). */
export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

const ALGORITHM = 'HS256';
const MAX_VERIFIED = 10_000;
/** Clocks of several API processes may differ a little; a token from further ahead is forged. */
const ISSUED_AT_SKEW_S = 60;

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: AccessTokenClaims & { expiresAt: Date }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * Signature checks of tokens already seen, until they expire: a token's claims never change,
   * so checking the same string again would only spend CPU on every request.
   */
  private readonly verified = new ExpiringCache<AccessTokenClaims>(MAX_VERIFIED);

  /**
   * The claims of a valid token, or null for anything else: a bad signature, no `exp` or one in
   * the past, no `iat` or one in the future, no session id.
   */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const now = Math.floor(Date.now() / 1000);
      if (typeof payload.iat !== 'number' || payload.iat > now + ISSUED_AT_SKEW_S) return null;
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      this.verified.set(token, claims, payload.exp! * 1000);
      return claims;
    } catch {
      return null;
    }
  }
}
