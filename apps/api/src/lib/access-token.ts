import { auth } from '@nuage/shared/limits';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessTokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  tokenVersion: number;
}

const ALGORITHM = 'HS256';

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

  /** The claims of a valid, unexpired token, or null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      return { userId: payload.sub, tokenVersion: payload.tv };
    } catch {
      return null;
    }
  }
}
