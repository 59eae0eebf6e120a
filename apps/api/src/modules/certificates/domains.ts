/**
 * Host-name matching as browsers do it (RFC 6125 §6.4, CA/Browser Forum rules): a DNS name of
 * the certificate matches a host exactly, or as a wildcard that stands for exactly one whole,
 * left-most label (`*.exemple.sn` covers `boutique.exemple.sn`, neither `exemple.sn` nor
 * `a.b.exemple.sn`). Partial wildcards (`b*.exemple.sn`) and wildcards over a bare TLD match
 * nothing.
 */

const canonical = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** A domain as stored: never with the `*.`; the wildcard is a flag of its own. */
export function splitWildcard(name: string): { domain: string; wildcard: boolean } {
  const lower = canonical(name);
  return lower.startsWith('*.')
    ? { domain: lower.slice(2), wildcard: true }
    : { domain: lower, wildcard: false };
}

/** The certificate's main name as shown (`*.exemple.sn` for a wildcard). */
export function primaryName(domain: string, wildcard: boolean): string {
  return wildcard ? `*.${domain}` : domain;
}

/** What a Let's Encrypt order asks for: a wildcard also covers its apex, as users expect. */
export function orderedNames(domain: string, wildcard: boolean): string[] {
  return wildcard ? [`*.${domain}`, domain] : [domain];
}

export { nameCovers, namesCover } from '@nuage/shared/certificate-names';
