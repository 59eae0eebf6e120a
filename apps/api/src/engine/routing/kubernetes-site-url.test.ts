import { afterEach, describe, expect, it } from 'vitest';
import {
  deployApp,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import {
  choiceOf,
  createCertificateTestApp,
  idleDriver,
  type CertificateTestApp,
} from '../../../test/certificates/app';
import type { ApplicationSpec } from '../spec';

/**
 * On Kubernetes, WordPress is installed with the URL its Ingress serves (issue 23: the engine
 * was given an application URL only on docker, so a site without a custom domain got
 * home/siteurl = http://localhost and answered every visitor with a redirect to localhost).
 */
let t: CertificateTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function siteUrlOnKubernetes(appsDomainTls: 'none' | 'wildcard') {
  const applied: ApplicationSpec[] = [];
  const driver = { ...idleDriver('kubernetes') };
  driver.apply = async (spec) => {
    applied.push(spec);
    return { preparations: [] };
  };
  t = await createCertificateTestApp({ choice: choiceOf('kubernetes', driver) });
  t.config.appsDomain = 'apps.exemple.sn';
  t.config.kubernetes = { ...t.config.kubernetes, appsDomain: 'apps.exemple.sn', appsDomainTls };
  const { team, env } = await teamWithEnvironment(t);
  const app = await deployApp(t, team.admin.token, env.id);
  await reconcileUntil(t, async () => applied.some((s) => s.deploymentId === app.id));
  const spec = applied.find((s) => s.deploymentId === app.id)!;
  return {
    url: spec.setup?.env.flatMap((e) => (e.name === 'WP_URL' && 'value' in e ? [e.value] : []))[0],
    label: spec.hostLabel,
  };
}

describe('WordPress on Kubernetes without a custom domain', () => {
  it('is installed at https://<label>.<APPS_DOMAIN> when APPS_DOMAIN has TLS', async () => {
    const { url, label } = await siteUrlOnKubernetes('wildcard');
    expect(url).toBe(`https://${label}.apps.exemple.sn`);
  });

  it('is installed at http://<label>.<APPS_DOMAIN> when APPS_DOMAIN has no TLS', async () => {
    const { url, label } = await siteUrlOnKubernetes('none');
    expect(url).toBe(`http://${label}.apps.exemple.sn`);
  });
});
