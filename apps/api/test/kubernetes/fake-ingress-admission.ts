import type { Json } from './fake-paths';

/**
 * ingress-nginx's validating admission webhook, as most clusters run it: a host and path that
 * one Ingress defines cannot be defined by another, in any namespace. The platform must never
 * rely on it (other controllers accept both and route to either), so tests also look at the
 * stored Ingresses (`ingressHostOwners`), but a driver that tried would be refused here as on
 * such a cluster.
 */

interface Rule {
  host?: string;
  http?: { paths?: { path?: string }[] };
}

const rulesOf = (ingress: Json) => ((ingress.spec as Json | undefined)?.rules ?? []) as Rule[];
const nameOf = (ingress: Json) => {
  const meta = ingress.metadata as Json;
  return `${String(meta.namespace)}/${String(meta.name)}`;
};

/** Every host with the Ingresses (namespace/name) that define it. */
export function ingressHostOwners(objects: Map<string, Json>): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const object of objects.values()) {
    if (object.kind !== 'Ingress') continue;
    for (const rule of rulesOf(object)) {
      if (!rule.host) continue;
      const host = rule.host.toLowerCase();
      owners.set(host, [...(owners.get(host) ?? []), nameOf(object)]);
    }
  }
  return owners;
}

/** The webhook's denial for `next` stored at `path`, or null when it may be stored. */
export function ingressAdmissionDenial(
  objects: Map<string, Json>,
  path: string,
  next: Json,
): string | null {
  for (const rule of rulesOf(next)) {
    const host = rule.host?.toLowerCase();
    if (!host) continue;
    for (const p of rule.http?.paths ?? [{ path: '/' }]) {
      for (const [otherPath, other] of objects) {
        if (otherPath === path || other.kind !== 'Ingress') continue;
        const clash = rulesOf(other).some(
          (r) =>
            r.host?.toLowerCase() === host &&
            (r.http?.paths ?? [{ path: '/' }]).some((q) => (q.path ?? '/') === (p.path ?? '/')),
        );
        if (clash)
          return `admission webhook "validate.nginx.ingress.kubernetes.io" denied the request: host "${host}" and path "${p.path ?? '/'}" is already defined in ingress ${nameOf(other)}`;
      }
    }
  }
  return null;
}
