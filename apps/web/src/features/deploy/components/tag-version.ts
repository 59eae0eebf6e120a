/**
 * The version a card shows from an image tag: its first part holding a digit, so a variant
 * written before the version reads as the version (`6.4-apache` → 6.4, Kimai's `apache-2.26.0`
 * → 2.26.0, Umami's `postgresql-v2.14.0` → v2.14.0, XWiki's `16-postgres-tomcat` → 16).
 */
export const tagVersion = (tag: string): string =>
  tag.split('-').find((part) => /\d/.test(part)) ?? tag;
