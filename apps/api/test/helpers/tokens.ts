import { decodeJwt, SignJWT } from 'jose';

/**
 * Signs a session token by hand, to present the API with what it must refuse: one signed with
 * another key, one already expired, one without `exp`, one issued in the future. `null` leaves
 * the claim out.
 */
export function signAccessToken(
  secret: string,
  claims: { sub: string; sid?: string },
  times: { issuedAt?: number | null; expiresAt: number | null },
): Promise<string> {
  let jwt = new SignJWT(claims.sid ? { sid: claims.sid } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub);
  if (times.expiresAt !== null) jwt = jwt.setExpirationTime(times.expiresAt);
  if (times.issuedAt === undefined) jwt = jwt.setIssuedAt();
  else if (times.issuedAt !== null) jwt = jwt.setIssuedAt(times.issuedAt);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** The claims of a token, unverified (what any holder can read). */
export function claimsOf(token: string) {
  return decodeJwt(token);
}

/** The session id a token carries. */
export const sessionIdOf = (token: string) => String(decodeJwt(token).sid);

export const nowSeconds = () => Math.floor(Date.now() / 1000);
