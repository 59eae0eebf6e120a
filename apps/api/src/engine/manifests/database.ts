import type { ApplicationSpec, DatabaseSpec } from '../spec';
import { componentContainer, componentVolumes, podDefaults, podSecurity } from './containers';
import { componentLabels, dnsLabel, objectMeta, selectorLabels } from './meta';
import { renderClaim } from './storage';
import type {
  PersistentVolumeClaimObject,
  RenderOptions,
  ServiceObject,
  StatefulSetObject,
} from './types';

/** Claim, Service and StatefulSet of the application's database (one replica, its own claim). */
export function renderDatabase(
  spec: ApplicationSpec,
  db: DatabaseSpec,
  options: RenderOptions,
): [PersistentVolumeClaimObject, ServiceObject, StatefulSetObject] {
  const claim = renderClaim(spec, db.volume, 'database', 'ReadWriteOnce', options);
  // A ClusterIP rather than a headless Service: the address the application connects to stays
  // the same when the database pod is recreated, whatever the client's DNS caching.
  const service: ServiceObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(spec, db.serviceName, 'database'),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(spec, 'database'),
      ports: [{ name: 'main', port: db.port, targetPort: db.port, protocol: 'TCP' }],
    },
  };
  const statefulSet: StatefulSetObject = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: objectMeta(spec, db.name, 'database'),
    spec: {
      // A database of an environment its user stopped: its claim and objects stay.
      replicas: db.stopped ? 0 : 1,
      serviceName: dnsLabel(db.serviceName),
      selector: { matchLabels: selectorLabels(spec, 'database') },
      template: {
        metadata: { labels: componentLabels(spec, 'database') },
        spec: {
          ...podDefaults,
          // Lets the engine flush to disk on shutdown rather than being killed after 30 s.
          terminationGracePeriodSeconds: 60,
          securityContext: podSecurity(db.security),
          containers: [componentContainer(spec, db)],
          volumes: componentVolumes(spec, db),
        },
      },
    },
  };
  return [claim, service, statefulSet];
}
