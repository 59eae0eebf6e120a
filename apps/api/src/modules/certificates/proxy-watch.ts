import type { AppContext } from '../../app-context';
import { observeHosts } from '../../engine/drivers/docker/edge/certificate-watch';
import type { EdgeProxy } from '../../engine/drivers/docker/edge/edge-proxy';
import { WorkLoop } from '../../lib/work-loop';
import { recordProxyCertificates } from './proxy-certificates';

/**
 * On the docker runtime, reads back every CERTIFICATE_CHECK period what the edge proxy serves
 * for custom domains and records it (proxy-certificates.ts). Null on other runtimes.
 */
export function proxyCertificateWatch(ctx: AppContext): WorkLoop | null {
  const driver = ctx.engine.driver as Partial<{ edge: { proxy: EdgeProxy } }>;
  const proxy = driver.edge?.proxy;
  if (!proxy) return null;
  return new WorkLoop(
    async () => {
      await recordProxyCertificates(ctx.db, (hosts) => observeHosts(proxy, hosts), {
        appsDomain: ctx.config.appsDomain,
        publicUrl: ctx.config.publicUrl,
        log: ctx.log,
      });
      return 0; // one pass per period: the proxy retries on its own schedule
    },
    {
      pollMs: ctx.config.certificates.proxyCheckMs,
      log: ctx.log,
      failure: 'recording the certificates served by the edge proxy failed',
    },
  );
}
