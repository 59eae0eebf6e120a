import { saasTemplates, type SaasTemplate } from './catalog';

/**
 * Which catalogue application an image reference is. Only the catalogue's own official images
 * are recognised (`docker.io/library/wordpress`, and the short forms Docker accepts for it:
 * `wordpress`, `library/wordpress`, `docker.io/wordpress`; `docker.io/n8nio/n8n` and `n8nio/n8n`); anything else — `nginx`, a fork
 * such as `bitnami/wordpress`, a private registry — is not a catalogue application and would be
 * mislabelled (wrong database, wrong setup) if it were deployed as one.
 */
export function templateOfImage(image: string): SaasTemplate | null {
  const name = repositoryOf(image);
  return Object.values(saasTemplates).find((t) => repositoryOf(t.image) === name) ?? null;
}

/** `docker.io/library/wordpress`, `library/wordpress`, `wordpress` → `wordpress`. */
function repositoryOf(image: string): string {
  return image
    .trim()
    .toLowerCase()
    .replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '')
    .replace(/^library\//, '');
}

/** The images the inline form and the edit modal accept, for messages and hints. */
export const catalogueImages = Object.values(saasTemplates).map((t) => t.image);
