const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which Compose service a pod or container runs (issue 30 item 2), from its name: a service's
 * containers (docker `<app>-<service>`) and pods (Kubernetes `<app>-<service>-…`) carry its
 * name; the exposed service's are the application's own replicas, i.e. those of no other
 * service. Shared by the API (metrics per service) and the application page.
 */
export function serviceOfPod(podName: string, services: string[], exposed: string): string {
  // The longest name first: `db-replica`'s pods also hold `-db-`.
  const owner = services
    .filter((s) => s !== exposed)
    .sort((a, b) => b.length - a.length)
    .find((s) => new RegExp(`-${escape(s)}(-|$)`).test(podName));
  return owner ?? exposed;
}
