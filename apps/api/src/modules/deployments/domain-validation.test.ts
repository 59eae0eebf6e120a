import { validation } from '@nuage/shared/messages';
import { domainMessages } from '@nuage/shared/schemas/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { codeBody, codeTestApp, postCode } from '../../../test/helpers/code-factories';
import {
  deployApp,
  erpBody,
  postDeploy,
  putDeployment,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { expectIssue, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import type { Environment } from '@nuage/shared/api-types';

/**
 * One domain rule for every route (issue 24, item 5): what the code deploy used to accept and
 * pass on to the runtime (a header injection, a shell fragment, a path, a port, a wildcard, an
 * IP address that reached an Ingress host…) is refused there as on the template deploy and the
 * edit, with the same French message, and nothing is written.
 */
/** A NUL character is refused before any field rule, by the guard every text goes through. */
const nulDomain = 'a.exemple.test\u0000';

const hostile = [
  'evil.test\nINJECTED: x',
  'a.test\r\nX-Injected: 1',
  'a.test; touch /tmp/pwned',
  'a.test && id',
  '../../etc/passwd',
  'a.test/chemin',
  'a.test:8080',
  '*.exemple.test',
  '127.0.0.1',
  '10.0.0.1.',
  '::1',
  '[2001:db8::1]',
  `${'a'.repeat(64)}.test`,
  `${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.test`,
  'a b.test',
  'sous_domaine.exemple.test',
  '-debut.exemple.test',
  'fin-.exemple.test',
  'a..exemple.test',
  'exemple',
  'https://a.exemple.test',
  'café.exemple.sn',
  'a.exemple.123',
];

let t: TestApp;
let team: Team;
let env: Environment;
let appId: string;

beforeAll(async () => {
  ({ t } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
  appId = (await deployApp(t, team.developer.token, env.id)).id;
}, 60_000);
afterAll(() => t.close());

const rowsInEnvironment = async () => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(deployments)
    .where(eq(deployments.environmentId, env.id));
  return Number(row!.n);
};

describe('the domain of an application, on every route', () => {
  it.each(hostile)(
    'refuses %j on the code deploy, the template deploy and the edit',
    async (domain) => {
      const before = await rowsInEnvironment();
      const dev = team.developer.token;
      expectIssue(
        await postCode(t, dev, env.id, codeBody({ nom_domaine: domain })),
        ['body', 'nom_domaine'],
        domainMessages.invalid,
      );
      expectIssue(
        await postDeploy(t, dev, env.id, erpBody({ nom_domaine: domain })),
        ['body', 'nom_domaine'],
        domainMessages.invalid,
      );
      expectIssue(
        await putDeployment(t, dev, appId, { nom_de_domaine: domain }),
        ['body', 'nom_de_domaine'],
        domainMessages.invalid,
      );
      expect(await rowsInEnvironment()).toBe(before);
    },
  );

  it('refuses a domain holding a NUL character on every route with the text guard message', async () => {
    const before = await rowsInEnvironment();
    const dev = team.developer.token;
    const message = validation.invalidCharacters;
    expectIssue(
      await postCode(t, dev, env.id, codeBody({ nom_domaine: nulDomain })),
      ['body', 'nom_domaine'],
      message,
    );
    expectIssue(
      await postDeploy(t, dev, env.id, erpBody({ nom_domaine: nulDomain })),
      ['body', 'nom_domaine'],
      message,
    );
    expectIssue(
      await putDeployment(t, dev, appId, { nom_de_domaine: nulDomain }),
      ['body', 'nom_de_domaine'],
      message,
    );
    expect(await rowsInEnvironment()).toBe(before);
  });

  it('stores a valid domain normalised (case, spaces, trailing dot) on the code deploy too', async () => {
    const res = await postCode(
      t,
      team.developer.token,
      env.id,
      codeBody({ nom_domaine: '  Api.Exemple.SN.  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ nom_de_domaine: string }>().nom_de_domaine).toBe('api.exemple.sn');
  });
});
