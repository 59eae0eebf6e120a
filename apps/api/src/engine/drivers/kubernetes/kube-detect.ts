import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KubeConnection } from './kubeconfig';

// Kept apart from kubeconfig.ts: detecting a cluster must not load the Kubernetes client library.
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
