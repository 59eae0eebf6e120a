/**
 * Host-name matching as browsers do it (RFC 6125 §6.4, CA/Browser Forum rules): a DNS name of
 * the certificate matches a host exactly, or as a wildcard that stands for exactly one whole,
 * left-most label (`*.exemple.sn` covers `boutique.exemple.sn`, neither `exemple.sn` nor
 * `a.b.exemple.sn`). Shared by the server's check and the forms' certificate choice.
 */
const canonical = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** True when the certificate name `pattern` covers `host` (itself possibly `*.x`, compared literally). */
export function nameCovers(pattern: string, host: string): boolean {
  const p = canonical(pattern);
  const h = canonical(host);
  if (p === h) return !p.includes('*') || /^\*\.[^*]+$/.test(p);
  if (!p.startsWith('*.') || p.indexOf('*', 1) !== -1) return false;
  const parent = p.slice(2);
  if (!parent.includes('.')) return false;
  if (!h.endsWith(`.${parent}`)) return false;
  const label = h.slice(0, -(parent.length + 1));
  return label.length > 0 && !label.includes('.') && !label.includes('*');
}

/** True when one of `names` covers `host`. */
export function namesCover(names: readonly string[], host: string): boolean {
  return names.some((name) => nameCovers(name, host));
}
