import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { RuntimeDriver } from '../../src/engine/driver';
import { createVerifiedUser, type TestUser } from '../helpers/factories';
import { createProject } from '../helpers/project-factories';
import { TestAcmeServer } from './acme-server';
import { choiceOf, createCertificateTestApp, type CertificateTestApp } from './app';
import { FakeDnsApi } from './fake-dns';
import { makeAuthorities, type Issued } from './pki';

/**
 * The Docker runtime's certificate path, for a test file: the test ACME authority (signing with
 * a test CA), a DNS provider bridge for DNS-01, and an app listening on a real port so the
 * authority can fetch HTTP-01 answers from it. `answerPort` is where the authority fetches
 * (tests point it elsewhere to make validation fail). `driver`: the docker runtime's driver
 * (default: one that runs nothing); `tls` and `extraTrustedCaFile`: an authority on HTTPS whose
 * certificate comes from a private root, and the platform's TLS_EXTRA_CA_FILE.
 */
export function useAcmeApp(
  opts: {
    driver?: RuntimeDriver;
    /** The authority's ACME API over HTTPS with this certificate. */
    tls?: Issued;
    /** TLS_EXTRA_CA_FILE of the platform. */
    extraTrustedCaFile?: string;
  } = {},
) {
  const pki = makeAuthorities('ACME Test');
  const dns = new FakeDnsApi();
  const ctx = {
    pki,
    dns,
    backoff: { attempts: 40, minMs: 25, maxMs: 100 },
    answerPort: 0,
    platformPort: 0,
    t: undefined as unknown as CertificateTestApp,
    dev: undefined as unknown as TestUser,
    projectId: '',
    acme: undefined as unknown as TestAcmeServer,
    ordersFor: (name: string) =>
      [...ctx.acme.orders.values()].filter((o) => o.names.includes(name)),
  };
  ctx.acme = new TestAcmeServer({
    signer: pki.intermediate,
    chainPem: pki.intermediate.certPem,
    httpPort: () => ctx.answerPort,
    txt: (fqdn) => dns.txt(fqdn),
    ...(opts.tls ? { tls: opts.tls } : {}),
  });

  beforeAll(async () => {
    const directoryUrl = await ctx.acme.start();
    const dnsUrl = await dns.start();
    ctx.t = await createCertificateTestApp({
      choice: choiceOf('docker', opts.driver),
      certificates: {
        acmeDirectoryUrl: directoryUrl,
        dns01: { provider: 'httpreq', endpoint: dnsUrl, propagationSeconds: 0 },
        extraTrustedCaFile: opts.extraTrustedCaFile,
      },
      worker: { acmeBackoff: ctx.backoff },
    });
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.platformPort = (ctx.t.app.server.address() as AddressInfo).port;
    ctx.answerPort = ctx.platformPort;
    ctx.dev = await createVerifiedUser(ctx.t);
    ctx.projectId = (await createProject(ctx.t, ctx.dev.token)).id;
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.acme.close();
    await dns.close();
  });
  return ctx;
}
