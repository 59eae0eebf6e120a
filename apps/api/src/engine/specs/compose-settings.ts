import type { StackRef } from '../spec';

/**
 * What a Compose application keeps in its row's `settings` (issue 30 item 2), in clear: the
 * exposed service and port, and each service's image and size as the deploy read them (the
 * application page lists them; the quota counts their sum). The file itself, whose
 * `environment` may hold passwords, is sealed in `compose_file_sealed`.
 */
export interface ComposeSettings {
  exposedService: string;
  services: {
    name: string;
    image: string;
    cpuMilli: number;
    ramMb: number;
    limited: boolean;
    /** Its image is the platform's build of the repository's `build:` section (never pulled from a tenant's registry). */
    built?: boolean;
  }[];
  volumes: { name: string; sizeMb: number }[];
  /** The file's path in the application's Git repository; absent for a pasted file. */
  composePath?: string;
  /**
   * The exposed service asked for (PUT /source) and not yet released: the next build serves
   * it; the running release keeps `exposedService` until then.
   */
  requestedExposedService?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function composeSettingsOf(settings: Record<string, unknown>): ComposeSettings {
  const services = Array.isArray(settings.services) ? settings.services.filter(isRecord) : [];
  const volumes = Array.isArray(settings.volumes) ? settings.volumes.filter(isRecord) : [];
  return {
    exposedService: typeof settings.exposedService === 'string' ? settings.exposedService : '',
    services: services.map((s) => ({
      name: String(s.name),
      image: String(s.image),
      cpuMilli: Number(s.cpuMilli) || 0,
      ramMb: Number(s.ramMb) || 0,
      limited: s.limited === true,
      ...(s.built === true ? { built: true } : {}),
    })),
    volumes: volumes.map((v) => ({ name: String(v.name), sizeMb: Number(v.sizeMb) || 0 })),
    ...(typeof settings.composePath === 'string' ? { composePath: settings.composePath } : {}),
    ...(typeof settings.requestedExposedService === 'string'
      ? { requestedExposedService: settings.requestedExposedService }
      : {}),
  };
}

export function composeSettings(s: ComposeSettings): Record<string, unknown> {
  return {
    exposedService: s.exposedService,
    services: s.services,
    volumes: s.volumes,
    ...(s.composePath ? { composePath: s.composePath } : {}),
    ...(s.requestedExposedService ? { requestedExposedService: s.requestedExposedService } : {}),
  };
}

/** The services of a stack as its settings keep them (`built`: the platform built their image). */
export function settingsServicesOf(
  services: readonly {
    name: string;
    image: string;
    cpuMilli: number;
    ramMb: number;
    limited: boolean;
  }[],
  built: ReadonlySet<string> = new Set(),
): ComposeSettings['services'] {
  return services.map((s) => ({
    name: s.name,
    image: s.image,
    cpuMilli: s.cpuMilli,
    ramMb: s.ramMb,
    limited: s.limited,
    ...(built.has(s.name) ? { built: true } : {}),
  }));
}

/**
 * A Compose application's services as a runtime measures them (ApplicationRef.stackServices):
 * their names and the exposed one; undefined for any other application.
 */
export function stackServicesOf(row: {
  sourceKind: string;
  settings: Record<string, unknown>;
}): StackRef | undefined {
  if (row.sourceKind !== 'compose') return undefined;
  const compose = composeSettingsOf(row.settings);
  return { services: compose.services.map((s) => s.name), exposed: compose.exposedService };
}

/**
 * A release's settings as the application's row takes them, keeping an exposed service asked
 * for meanwhile (PUT /source) that this release does not serve yet: the build of that change
 * still reads it.
 */
export function keepRequestedExposed(
  row: Record<string, unknown>,
  release: Record<string, unknown>,
): Record<string, unknown> {
  const requested = composeSettingsOf(row).requestedExposedService;
  const serves = composeSettingsOf(release).exposedService;
  return requested && requested !== serves
    ? composeSettings({ ...composeSettingsOf(release), requestedExposedService: requested })
    : release;
}
