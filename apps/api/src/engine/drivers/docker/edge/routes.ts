import type { EngineApi } from '../engine-api';
import { LABELS } from '../../../spec';
import { DOCKER_LABELS } from '../labels';
import type { AcmeAnswer, EdgeRoute } from './caddy-config';

/** What the platform knows of one application's addresses (engine/routing/edge-routes.ts reads it from the database). */
export interface EdgeRouteInfo {
  deploymentId: string;
  /** application_url: what a browser opens. */
  url: string;
  httpHosts: string[];
  tlsHosts: string[];
  certificate: EdgeRoute['certificate'];
}

export type EdgeRouteSource = () => Promise<EdgeRouteInfo[]>;

/** The pending HTTP-01 answers of the platform's own ACME orders (engine/routing/edge-routes.ts). */
export type EdgeChallengeSource = () => Promise<AcmeAnswer[]>;

/** `http://<label>.localhost[:port]`: browsers resolve every *.localhost name to the host itself. */
export function localUrl(hostLabel: string, httpPort: number): string {
  return `http://${hostLabel}.localhost${httpPort === 80 ? '' : `:${httpPort}`}`;
}

/**
 * Without a platform database (the driver's own tests): every application at
 * `<host label>.localhost`, the label read from its replicas.
 */
export function labelRouteSource(api: EngineApi, httpPort: number): EdgeRouteSource {
  return async () => {
    const replicas = await api.listContainers({
      label: [`${LABELS.component}=application`, DOCKER_LABELS.hostLabel],
    });
    const byDeployment = new Map<string, string>();
    for (const c of replicas) {
      const id = c.Labels?.[LABELS.deploymentId];
      const label = c.Labels?.[DOCKER_LABELS.hostLabel];
      if (id && label) byDeployment.set(id, label);
    }
    return [...byDeployment].map(([deploymentId, label]) => ({
      deploymentId,
      url: localUrl(label, httpPort),
      httpHosts: [`${label}.localhost`],
      tlsHosts: [],
      certificate: null,
    }));
  };
}
