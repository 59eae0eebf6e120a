import type { RuntimeDriver } from './driver';
import type { ApplicationSpec } from './spec';

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
  };
}

/** The driver, its `apply` seeing the overridden images; unchanged when there is no override. */
export function withImageOverrides(
  driver: RuntimeDriver,
  overrides: ImageOverrides,
): RuntimeDriver {
  if (overrides.size === 0) return driver;
  return new Proxy(driver, {
    get(target, property) {
      if (property === 'apply') {
        return (spec: ApplicationSpec) => target.apply(overrideImages(spec, overrides));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
