import { orderedNames } from '../domains';
import { SimulationAuthority } from '../simulation/authority';
import type { CertificateIssuer } from './types';

/**
 * The simulation runtime's issuer: nothing is ordered from a real authority; the local
 * simulation authority signs at once, and its name says so in the certificate.
 */
export function simulationIssuer(authority = new SimulationAuthority()): CertificateIssuer {
  return {
    mode: 'simulation',
    issue: async (row) => ({
      kind: 'issued',
      ...authority.issue({ names: orderedNames(row.domain, row.wildcard) }),
    }),
  };
}
