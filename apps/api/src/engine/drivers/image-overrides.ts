import type { RuntimeDriver } from '../driver';
import type { ApplicationSpec } from '../spec';

/**
 * IMAGE_OVERRIDES: the operator's map from a catalogue image reference to the one this host
 * really pulls, e.g. a registry mirror on a network that cannot reach Docker Hub, or an
 * air-gapped host's local copies: `docker.io/library/mariadb:10.11=registry.local/mariadb:10.11`,
 * several separated by commas. Only exact references are replaced; everything else is kept.
 */
export type ImageOverrides = ReadonlyMap<string, string>;

const REFERENCE = /^[a-z0-9][a-z0-9._\-/:@]*$/i;

/** Parses `from=to,from=to`; throws with the faulty entry so the configuration error names it. */
export function parseImageOverrides(text: string | undefined): ImageOverrides {
  const overrides = new Map<string, string>();
  for (const entry of (text ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const [from, to, ...rest] = trimmed.split('=').map((s) => s.trim());
    if (!from || !to || rest.length > 0 || !REFERENCE.test(from) || !REFERENCE.test(to)) {
      throw new Error(
        `"${trimmed}" is not image=replacement (e.g. mariadb:10.11=mirror/mariadb:10.11)`,
      );
    }
    if (overrides.has(from)) throw new Error(`${from} is given twice`);
    overrides.set(from, to);
  }
  return overrides;
}

/** The spec with every overridden image replaced (application, database, setup task). */
export function overrideImages(spec: ApplicationSpec, overrides: ImageOverrides): ApplicationSpec {
  const swap = (image: string) => overrides.get(image) ?? image;
  return {
    ...spec,
    app: { ...spec.app, image: swap(spec.app.image) },
    database: spec.database ? { ...spec.database, image: swap(spec.database.image) } : null,
    setup: spec.setup ? { ...spec.setup, image: swap(spec.setup.image) } : null,
    ...(spec.stack
      ? {
          stack: {
            ...spec.stack,
            services: spec.stack.services.map((s) =>
              overrides.has(s.image) ? { ...s, image: swap(s.image), operatorImage: true } : s,
            ),
          },
        }
      : {}),
  };
}

/**
 * Driver methods given a whole spec whose images they run: `apply`, the backup ones (a
 * restore refills the files volume from the database image, a test restore starts one) and
 * `runTask`.
 */
const SPEC_METHODS = new Set<PropertyKey>([
  'apply',
  'backup',
  'restore',
  'testRestore',
  'backupToStorage',
  'restoreFromStorage',
  'testRestoreFromStorage',
  // A task run or one-off command: a fresh container of the application's image (issue 29).
  'runTask',
]);

/** The driver, seeing the overridden images wherever it runs one; unchanged without override. */
export function withImageOverrides(
  driver: RuntimeDriver,
  overrides: ImageOverrides,
): RuntimeDriver {
  if (overrides.size === 0) return driver;
  return new Proxy(driver, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      // Optional methods a runtime lacks stay absent (callers test for them).
      if (SPEC_METHODS.has(property) && typeof value === 'function') {
        const method = value as (spec: ApplicationSpec, ...rest: unknown[]) => unknown;
        return (spec: ApplicationSpec, ...rest: unknown[]) =>
          method.call(target, overrideImages(spec, overrides), ...rest);
      }
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
