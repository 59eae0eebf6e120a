import { decodeJwt, SignJWT } from 'jose';

/**
 * Signs an access token by hand, to present the API with what it must refuse: one signed with
 * another key, one already expired, one from an older token version.
 */
export function signAccessToken(
  secret: string,
  claims: { sub: string; tv: number },
  times: { issuedAt?: number; expiresAt: number },
): Promise<string> {
  const jwt = new SignJWT({ tv: claims.tv })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setExpirationTime(times.expiresAt);
  return (times.issuedAt === undefined ? jwt.setIssuedAt() : jwt.setIssuedAt(times.issuedAt)).sign(
    new TextEncoder().encode(secret),
  );
}

/** The claims of a token, unverified (what any holder can read). */
export function claimsOf(token: string) {
  return decodeJwt(token);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
