import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { opensslVerifies } from '../../../../test/certificates/pki';
import { SimulationAuthority, SIMULATION_AUTHORITY_NAME } from './authority';

describe('SimulationAuthority', () => {
  const authority = new SimulationAuthority();
  const issued = authority.issue({ names: ['boutique.exemple.sn', '*.exemple.sn'], days: 90 });
  const [leafPem, rootPem] = issued.certificatePem.split(/(?=-----BEGIN CERTIFICATE-----)/);
  const leaf = new X509Certificate(leafPem!);
  const root = new X509Certificate(rootPem!);

  it('signs server certificates that openssl verifies against its root', () => {
    expect(opensslVerifies(leafPem!, rootPem!)).toBe(true);
    expect(leaf.checkPrivateKey(createPrivateKey(issued.privateKeyPem))).toBe(true);
  });

  it('names every DNS name, lasts the days asked for, and says it is a simulation', () => {
    expect(leaf.subjectAltName).toBe('DNS:boutique.exemple.sn, DNS:*.exemple.sn');
    const days = (new Date(leaf.validTo).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect(leaf.issuer).toContain(`CN=${SIMULATION_AUTHORITY_NAME}`);
    expect(root.ca).toBe(true);
    expect(leaf.ca).toBe(false);
  });

  it('uses a new key and serial for every certificate', () => {
    const again = authority.issue({ names: ['boutique.exemple.sn'] });
    expect(again.privateKeyPem).not.toBe(issued.privateKeyPem);
    expect(new X509Certificate(again.certificatePem).serialNumber).not.toBe(leaf.serialNumber);
  });
});
