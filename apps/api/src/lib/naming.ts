import { randomBytes } from 'node:crypto';

/**
 * A DNS-1123 label fragment from user text: ASCII lower-case letters, digits and hyphens,
 * accents folded, everything else dropped. Never empty (falls back to `fallback`).
 */
export function dnsFragment(text: string, maxLength: number, fallback = 'x'): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** Lower-case base-36 random suffix. */
export function randomSuffix(length = 6): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += (b % 36).toString(36);
  return out;
}

export const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** `<prefix>-<a>-<b>-<random>`, at most 63 characters, a valid DNS-1123 label. */
export function uniqueDnsLabel(prefix: string, parts: string[]): string {
  const budget = 63 - prefix.length - 8; // hyphens and the 6-char suffix
  const each = Math.max(1, Math.floor((budget - parts.length) / Math.max(parts.length, 1)));
  const middle = parts.map((p) => dnsFragment(p, each)).join('-');
  return `${prefix}-${middle}-${randomSuffix(6)}`.slice(0, 63).replace(/-+$/g, '');
}
