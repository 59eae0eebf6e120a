import { applicationTemplates, type SaasTemplateId } from '@nuage/shared/catalog';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import type { TemplateSecurity } from '@nuage/shared/schemas/application-template';
import { securityReasons } from '@nuage/shared/messages/security-profiles';

/**
 * What each image needs from the kernel, so every runtime can drop everything else: Docker's
 * CapDrop ALL + CapAdd, Kubernetes' securityContext (drop ALL, add, runAsNonRoot). Values come
 * from the official images' entrypoints; a runtime never grants more than listed here.
 */
export type Capability =
  'CHOWN' | 'DAC_OVERRIDE' | 'FOWNER' | 'SETGID' | 'SETUID' | 'NET_BIND_SERVICE' | 'KILL';

export interface SecurityProfile {
  /** Capabilities kept; all others are dropped. */
  capabilities: Capability[];
  /** The image runs as this non-root user by itself; null when its entrypoint starts as root. */
  runAsUser: number | null;
  /** Primary group of that user (Kubernetes runAsGroup); null with runAsUser null. */
  runAsGroup: number | null;
  /**
   * Group that must own the data volume (Kubernetes fsGroup), when the image runs as non-root.
   * Null when the volume is another component's: fsGroup re-owns every file on mount.
   */
  fsGroup: number | null;
  /** Why, for operators reading the policy (README lists these). */
  reason: string;
}

/**
 * Apache images (WordPress, Joomla, Drupal, Nextcloud, Matomo): the entrypoint starts as root,
 * copies the application into the empty volume and chowns it to www-data, binds port 80, then
 * Apache switches its workers to www-data. The parent (root) signals its www-data children on
 * graceful restarts and at shutdown, which needs KILL once the capabilities are dropped.
 */
const apacheAsRoot: SecurityProfile = {
  capabilities: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID', 'NET_BIND_SERVICE', 'KILL'],
  runAsUser: null,
  runAsGroup: null,
  fsGroup: null,
  reason: securityReasons.apache,
};

/**
 * The official Odoo image declares USER odoo (uid 101) and listens on 8069: nothing to keep.
 */
const odooImage: SecurityProfile = {
  capabilities: [],
  runAsUser: 101,
  runAsGroup: 101,
  fsGroup: 101,
  reason: securityReasons.odoo,
};

/** Database images start as root, chown their data directory, then drop to their own user. */
export const databaseSecurity: Record<DatabaseServiceEngine, SecurityProfile> = {
  mariadb: {
    capabilities: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID'],
    runAsUser: null,
    runAsGroup: null,
    fsGroup: null,
    reason: securityReasons.mariadb,
  },
  postgresql: {
    capabilities: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID'],
    runAsUser: null,
    runAsGroup: null,
    fsGroup: null,
    reason: securityReasons.postgresql,
  },
  // The official entrypoint chowns /data, then drops to its redis user (gosu).
  redis: {
    capabilities: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID'],
    runAsUser: null,
    runAsGroup: null,
    fsGroup: null,
    reason: securityReasons.redis,
  },
};

/**
 * wp-cli (wordpress:cli) only reads wp-config.php and writes to the database; it runs as uid 33,
 * the owner of the Apache image's files (the image's own www-data is uid 82, Alpine's). No
 * fsGroup: the volume is the application's, already owned by www-data (33:33); an fsGroup
 * would re-own its files at every mount.
 */
export const setupSecurity: SecurityProfile = {
  capabilities: [],
  runAsUser: 33,
  runAsGroup: 33,
  fsGroup: null,
  reason: securityReasons.wpCli,
};

/** Odoo's setup runs the Odoo image itself (database initialisation), as its own odoo user. */
export const odooSetupSecurity: SecurityProfile = {
  capabilities: [],
  runAsUser: 101,
  runAsGroup: 101,
  // The volume is the application's, already owned by odoo: no re-owning at every mount.
  fsGroup: null,
  reason: securityReasons.odooSetup,
};

/**
 * A file's security: one of the profiles above by name (the same object each time), or the
 * capabilities and user its image's documentation gives, with the reason's text.
 */
export function securityProfileOf(s: TemplateSecurity): SecurityProfile {
  if (typeof s !== 'string') return { ...s, reason: securityReasons[s.reason] };
  switch (s) {
    case 'apache-as-root':
      return apacheAsRoot;
    case 'odoo':
      return odooImage;
    case 'wp-cli':
      return setupSecurity;
    case 'odoo-setup':
      return odooSetupSecurity;
  }
}

/** Each application file's `security` (packages/shared/src/applications/*.json). */
export const applicationSecurity = Object.fromEntries(
  applicationTemplates.map((t) => [t.id, securityProfileOf(t.security)]),
) as Record<SaasTemplateId, SecurityProfile>;
