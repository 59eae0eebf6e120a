import { z } from 'zod/mini';

/**
 * The one rule for an application's custom domain, on every route that takes one (template
 * and code deploys, the inline form, the edit form) and in the web forms: a lower-case DNS host
 * name of at least two labels, each 1–63 letters, digits or inner hyphens, 253 characters at
 * most, ending in a letters-only top-level label. That refuses what must never reach a route,
 * an Ingress or a proxy configuration: control characters (newline, CR), spaces, `;`, paths,
 * ports, wildcards, IPv4 and IPv6 addresses, underscores.
 */
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const domainMessages = {
  invalid: 'Nom de domaine invalide (exemple : boutique.exemple.sn)',
  taken:
    'Ce nom de domaine est déjà utilisé par une autre application de la plateforme (peut-être une application en cours de suppression).',
  reservedAppsDomain: (appsDomain: string) =>
    `Les adresses en ${appsDomain} sont attribuées par la plateforme à chaque application : indiquez un nom de domaine qui vous appartient.`,
  reservedLocalhost:
    'Les adresses en .localhost sont attribuées par la plateforme à chaque application : indiquez un nom de domaine qui vous appartient.',
  reservedPlatform:
    'Ce nom de domaine est celui de la plateforme elle-même : il ne peut pas être attribué à une application.',
} as const;

/**
 * How a domain is compared and stored: trimmed, lower case, without the root's trailing dot
 * (`Shop.Exemple.SN.` and `shop.exemple.sn` are one name). The database's unique index applies
 * the same normalisation (lower, trailing dot) to what it stores.
 */
export function normaliseDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

export const isValidDomain = (value: string) => DOMAIN_PATTERN.test(value);

/** An optional domain: absent, null or '' (forms send empty inputs) mean "no custom domain". */
export const optionalDomain = z.nullish(
  z.pipe(
    z.transform((v) => (typeof v === 'string' ? normaliseDomain(v) : v)),
    z.union([
      z.literal(''),
      z
        .string({ error: domainMessages.invalid })
        .check(z.regex(DOMAIN_PATTERN, domainMessages.invalid)),
    ]),
  ),
);
