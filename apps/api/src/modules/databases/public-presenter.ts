import { PASSWORD_MASK } from '@nuage/shared/database-engines';
import { publicConnectionString } from '@nuage/shared/database-public';
import { isOpenToWorld } from '@nuage/shared/ip-allow-list';
import type { PublicAccessResource } from '@nuage/shared/schemas/database-public';
import type { AppContext } from '../../app-context';
import type { DatabaseSettings } from '../../engine/specs/database-settings';

/** What the platform offers for public endpoints (the operator's settings and the runtime). */
export interface PublicOffer {
  available: boolean;
  /** The host users connect to; null where the runtime decides it (none configured). */
  host: string | null;
}

/**
 * Docker (and the simulation, which publishes nothing and says so): on with
 * DATABASE_PUBLIC_ADDRESS. Kubernetes: on with DATABASE_PUBLIC_SERVICE LoadBalancer or NodePort.
 */
export function publicOffer(ctx: AppContext): PublicOffer {
  const p = ctx.config.databasePublic;
  if (!p) return { available: false, host: null };
  const available =
    ctx.engine.runtime === 'kubernetes' ? p.kubernetesService !== 'off' : Boolean(p.address);
  const address = p.address && p.address !== '0.0.0.0' ? p.address : null;
  return { available, host: p.host ?? address };
}

export function presentPublicAccess(s: DatabaseSettings, offer: PublicOffer): PublicAccessResource {
  const fingerprint = s.tlsCaFingerprint ?? null;
  const on = s.publicAccess ?? null;
  const host = on ? offer.host : null;
  return {
    disponible: offer.available,
    actif: on !== null,
    hote: host,
    port: on?.port ?? null,
    chaine_connexion:
      on && host
        ? publicConnectionString({
            engine: s.engine,
            host,
            port: on.port,
            password: PASSWORD_MASK,
          }).replace(encodeURIComponent(PASSWORD_MASK), PASSWORD_MASK)
        : null,
    sources_autorisees: on?.sources ?? [],
    ouvert_a_tous: (on?.sources ?? []).some(isOpenToWorld),
    tls: on !== null && fingerprint !== null,
    empreinte_ca: on ? fingerprint : null,
  };
}
