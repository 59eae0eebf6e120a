import { KubeConfig } from '@kubernetes/client-node';

/** Where the driver finds its cluster. */
export type KubeConnection =
  | { kind: 'file'; path: string; context?: string }
  /** The pod's service account (the API runs inside the cluster). */
  | { kind: 'in-cluster' }
  /** An explicit server, e.g. a local fake API server in tests or `kubectl proxy`. */
  | { kind: 'server'; server: string; token?: string; skipTLSVerify?: boolean };

export function loadKubeConfig(connection: KubeConnection): KubeConfig {
  const config = new KubeConfig();
  switch (connection.kind) {
    case 'file':
      config.loadFromFile(connection.path);
      if (connection.context) config.setCurrentContext(connection.context);
      break;
    case 'in-cluster':
      config.loadFromCluster();
      break;
    case 'server':
      config.loadFromOptions({
        clusters: [
          // client-node refuses plain http unless TLS verification is explicitly off.
          {
            name: 'nuagedeploy',
            server: connection.server,
            skipTLSVerify: connection.skipTLSVerify ?? connection.server.startsWith('http:'),
          },
        ],
        users: [{ name: 'nuagedeploy', ...(connection.token ? { token: connection.token } : {}) }],
        contexts: [{ name: 'nuagedeploy', cluster: 'nuagedeploy', user: 'nuagedeploy' }],
        currentContext: 'nuagedeploy',
      });
      break;
  }
  return config;
}
