import { saasTemplates, type SaasTemplate } from './catalog';

/**
 * Which catalogue application an image reference is. Only the catalogue's own official images
 * are recognised (`docker.io/library/wordpress`, and the short forms Docker accepts for it:
 * `wordpress`, `library/wordpress`, `docker.io/wordpress`); anything else — `nginx`, a fork
 * such as `bitnami/wordpress`, a private registry — is not a catalogue application and would be
 * mislabelled (wrong database, wrong setup) if it were deployed as one.
 */
export function templateOfImage(image: string): SaasTemplate | null {
  const ref = image.trim().toLowerCase();
  const name = ref
    .replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '')
    .replace(/^library\//, '');
  return Object.values(saasTemplates).find((t) => t.id === name) ?? null;
}

/** The images the inline form and the edit modal accept, for messages and hints. */
export const catalogueImages = Object.values(saasTemplates).map((t) => t.image);
