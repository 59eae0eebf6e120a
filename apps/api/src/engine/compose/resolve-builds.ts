import { parseDocument } from 'yaml';

/**
 * The file a release runs: the repository's Compose file with each built service's `build:`
 * replaced by the image the platform built for it (comments and everything else kept). The
 * result has no `build:` left, so it is checked and run as any Compose file.
 */
export function resolveBuilds(text: string, images: ReadonlyMap<string, string>): string {
  const doc = parseDocument(text, { uniqueKeys: true });
  for (const [service, image] of images) {
    doc.deleteIn(['services', service, 'build']);
    doc.setIn(['services', service, 'image'], image);
  }
  return doc.toString();
}
