import { dnsTexts } from '@nuage/shared/dns-help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { fakeResolver } from '../../../test/helpers/fake-dns';
import { API, expectDetail, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DnsChecker } from './check';
import type { Environment } from '@nuage/shared/api-types';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp({ appsDomain: 'apps.nuage.sn', publicIp: '203.0.113.10' });
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const dnsOf = (id: string, token: string) =>
  call(t, 'GET', `${API}/deployments/deployment/${id}/dns`, { token });

describe('GET /deployments/deployment/{id}/dns', () => {
  it('gives the records to create and what the DNS says, to every member', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      nom_domaine: 'blog.exemple.sn',
    });
    const host = `${(await deploymentRow(t, app.id))!.hostLabel}.apps.nuage.sn`;
    t.app.ctx.dns = new DnsChecker(
      fakeResolver({ 'blog.exemple.sn': { cname: host }, [host]: { a: ['203.0.113.10'] } }),
    );

    expect((await call(t, 'GET', `${API}/deployments/deployment/${app.id}/dns`)).statusCode).toBe(
      401,
    );
    expect((await dnsOf(app.id, team.outsider.token)).statusCode).toBe(404);
    const res = await dnsOf(app.id, team.user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      domaine: 'blog.exemple.sn',
      enregistrements: [
        { type: 'CNAME', nom: 'blog.exemple.sn', valeur: host },
        { type: 'A', nom: 'blog.exemple.sn', valeur: '203.0.113.10' },
      ],
      verification: { statut: 'correct', message: dnsTexts.correctDetail('blog.exemple.sn') },
    });
  });

  it('says what is wrong, in French', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      nom_domaine: 'shop.exemple.sn',
    });
    t.app.ctx.dns = new DnsChecker(fakeResolver({ 'shop.exemple.sn': { a: ['198.51.100.7'] } }));
    expect((await dnsOf(app.id, team.developer.token)).json()).toMatchObject({
      verification: {
        statut: 'incorrect',
        message: dnsTexts.wrongAddress('shop.exemple.sn', '198.51.100.7', '203.0.113.10'),
      },
    });
  });

  it('answers 409 for an application without a custom domain', async () => {
    const app = await deployApp(t, team.developer.token, env.id);
    expectDetail(await dnsOf(app.id, team.developer.token), 409, dnsTexts.noDomain);
  });
});
