import type { ApplicationSpec } from '../spec';
import { dnsLabel, hostName, objectMeta, selectorLabels } from './meta';
import type { IngressObject, RenderOptions, ServiceObject } from './types';

export function renderService(spec: ApplicationSpec): ServiceObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(spec, spec.service.name, 'app'),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(spec, 'app'),
      ports: [
        {
          name: 'http',
          port: spec.service.port,
          targetPort: spec.service.targetPort,
          protocol: 'TCP',
        },
      ],
    },
  };
}

export function renderIngress(
  spec: ApplicationSpec,
  ingress: NonNullable<ApplicationSpec['ingress']>,
  options: RenderOptions,
): IngressObject {
  const host = hostName(ingress.host);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: objectMeta(spec, ingress.name, 'app'),
    spec: {
      ...(options.ingressClassName ? { ingressClassName: options.ingressClassName } : {}),
      ...(ingress.tls
        ? { tls: [{ hosts: [host], secretName: dnsLabel(ingress.tls.secretName) }] }
        : {}),
      rules: [
        {
          host,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: {
                  service: {
                    name: dnsLabel(spec.service.name),
                    port: { number: spec.service.port },
                  },
                },
              },
            ],
          },
        },
      ],
    },
  };
}
