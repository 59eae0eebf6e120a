import { KubeConfig } from '@kubernetes/client-node';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * RUNTIME=auto's test (ARCHITECTURE.md): $KUBECONFIG, then ~/.kube/config, then the in-cluster
 * service account. Null when none exists; whether the cluster answers is known at first call.
 */
export function findKubeConnection(env: NodeJS.ProcessEnv = process.env): KubeConnection | null {
  const fromEnv = env.KUBECONFIG?.split(path.delimiter).find((file) => file && existsSync(file));
  if (fromEnv) return { kind: 'file', path: fromEnv };
  const home = path.join(env.HOME ?? os.homedir(), '.kube', 'config');
  if (existsSync(home)) return { kind: 'file', path: home };
  if (env.KUBERNETES_SERVICE_HOST && existsSync(SERVICE_ACCOUNT_TOKEN))
    return { kind: 'in-cluster' };
  return null;
}
