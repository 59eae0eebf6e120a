/**
 * SPEC §4 "Deployment type derivation" (display) and the repository display rules that go
 * with it, exactly:
 *  1. the explicit type if present;
 *  2. else from the image URL containing odoo, wordpress, python, node or nginx (nginx means web);
 *  3. else from the images of the deployment-sync summary, with the same rule;
 *  4. else 'Type inconnu'.
 * Repository: odoo/wordpress show 'N/A (Application ERP)'; a repository of the platform's own
 * client image is hidden; python/node/web without a repository show 'N/A (URL non fournie)'.
 */
export const UNKNOWN_TYPE_LABEL = 'Type inconnu';
export const ERP_REPOSITORY_LABEL = 'N/A (Application ERP)';
export const MISSING_REPOSITORY_LABEL = 'N/A (URL non fournie)';

/** Checked in this order: an image naming two of them takes the first. */
const IMAGE_KEYWORDS = [
  ['odoo', 'odoo'],
  ['wordpress', 'wordpress'],
  ['python', 'python'],
  ['node', 'node'],
  ['nginx', 'web'],
] as const;

export interface TypedDeployment {
  /** The explicit type: the template the application was deployed from (e.g. 'wordpress'). */
  type?: string | null;
  image_url?: string | null;
  deployment_sync?: {
    status?: { summary?: { images?: (string | null)[] | null } | null } | null;
  } | null;
  repository_url?: string | null;
}

function typeFromImage(image: string | null | undefined): string | null {
  const lower = (image ?? '').toLowerCase();
  if (!lower) return null;
  for (const [keyword, type] of IMAGE_KEYWORDS) if (lower.includes(keyword)) return type;
  return null;
}

/** The derived type (lower case: 'odoo', 'wordpress', 'python', 'node', 'web', or the explicit one), or null when unknown. */
export function deploymentType(d: TypedDeployment): string | null {
  const explicit = d.type?.trim().toLowerCase();
  // Any image (issue 30) has no type of its own: its image tells it, else it is an image.
  if (explicit === 'image') return typeFromImage(d.image_url) ?? 'image';
  if (explicit) return explicit;
  const fromImage = typeFromImage(d.image_url);
  if (fromImage) return fromImage;
  for (const image of d.deployment_sync?.status?.summary?.images ?? []) {
    const fromSync = typeFromImage(image);
    if (fromSync) return fromSync;
  }
  return null;
}

const typeLabels: Record<string, string> = {
  odoo: 'Odoo',
  wordpress: 'WordPress',
  python: 'Python',
  node: 'Node.js',
  web: 'Web',
  joomla: 'Joomla',
  drupal: 'Drupal',
  nextcloud: 'Nextcloud',
  matomo: 'Matomo',
  // Code applications (issue 13): the runtime chosen in the wizard.
  react: 'React',
  vue: 'Vue.js',
  nodejs: 'Node.js',
  php: 'PHP',
  java: 'Java',
  image: 'Image',
};

/** The type as the screens show it; 'Type inconnu' when nothing tells it. */
export function deploymentTypeLabel(d: TypedDeployment): string {
  const type = deploymentType(d);
  if (!type) return UNKNOWN_TYPE_LABEL;
  return typeLabels[type] ?? type;
}

/**
 * The platform's own client image: the repository its client folders are built from
 * (…/client-image or …/client-image.git on any host). Showing it would point users at the
 * platform's internals, not at their code, so it is hidden.
 */
export const PLATFORM_CLIENT_IMAGE_REPOSITORY = /\/client-image(?:\.git)?\/?$/i;

export function isPlatformClientImageRepository(url: string | null | undefined): boolean {
  return Boolean(url && PLATFORM_CLIENT_IMAGE_REPOSITORY.test(url.trim()));
}

export type RepositoryDisplay =
  | { kind: 'text'; text: string }
  | { kind: 'link'; url: string }
  | { kind: 'hidden' }
  | { kind: 'none' };

/** What the repository line shows for a deployment (SPEC §4). */
export function repositoryDisplay(d: TypedDeployment): RepositoryDisplay {
  const type = deploymentType(d);
  const url = d.repository_url?.trim() || null;
  if (type === 'odoo' || type === 'wordpress') return { kind: 'text', text: ERP_REPOSITORY_LABEL };
  if (isPlatformClientImageRepository(url)) return { kind: 'hidden' };
  if (!url) {
    return type === 'python' || type === 'node' || type === 'web'
      ? { kind: 'text', text: MISSING_REPOSITORY_LABEL }
      : { kind: 'none' };
  }
  return { kind: 'link', url };
}
