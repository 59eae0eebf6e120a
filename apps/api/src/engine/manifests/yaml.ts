import { Document } from 'yaml';
import type { KubeObject } from './types';

/**
 * Multi-document YAML. The `yaml` package quotes or block-escapes every scalar as needed, so a
 * value holding `---`, `: `, quotes or newlines stays one scalar; tests parse the output back.
 */
export function toYaml(objects: readonly KubeObject[], header?: string): string {
  return objects
    .map((object, index) => {
      const doc = new Document(object);
      if (index === 0 && header) doc.commentBefore = header;
      // No line folding: a PEM or a long value is written as it is read.
      return doc.toString({ lineWidth: 0 });
    })
    .join('---\n');
}

export const REDACTED = 'REDACTED';

/** Keys of a Secret that are public (a certificate) and may stay readable on disk. */
const PUBLIC_KEYS = new Set(['tls.crt']);

/**
 * The objects as written to an operator's folder: every secret value replaced, the keys kept so
 * the file still says which values the application uses.
 */
export function redactSecrets(objects: readonly KubeObject[]): KubeObject[] {
  return objects.map((object) => {
    if (object.kind !== 'Secret') return object;
    const data = object.data ?? {};
    const kept = Object.fromEntries(Object.entries(data).filter(([key]) => PUBLIC_KEYS.has(key)));
    const redacted = Object.fromEntries(
      Object.keys(data)
        .filter((key) => !PUBLIC_KEYS.has(key))
        .map((key) => [key, REDACTED]),
    );
    const { data: _data, ...rest } = object;
    return {
      ...rest,
      ...(Object.keys(kept).length > 0 ? { data: kept } : {}),
      stringData: redacted,
    };
  });
}
