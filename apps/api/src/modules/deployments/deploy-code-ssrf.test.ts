import type { Environment } from '@nuage/shared/api-types';
import { repositoryTexts } from '@nuage/shared/repository-texts';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBody, postCode } from '../../../test/helpers/code-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SimulationImageBuilder } from '../../engine/builds/simulation-builder';

/**
 * SSRF through repository URLs, as the attacker sends it: a developer names a repository on the
 * platform's own loopback (or its metadata endpoint) in one of the IPv6 or numeric spellings of
 * IPv4, with or without a Git token. The platform, which really reads repositories
 * (GIT_ALLOW_PRIVATE_HOSTS unset), must refuse every spelling before connecting — a loopback
 * listener counts the connections it gets — and say the same thing whatever the port.
 */
let t: TestApp;
let team: Team;
let env: Environment;
let projectId: string;
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  t = await createTestApp(
    {},
    { imageBuilder: new SimulationImageBuilder({ allowPrivateHosts: false }, 1) },
  );
  const created = await teamWithEnvironment(t);
  ({ team, env } = created);
  projectId = created.project.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

const spellings = (p: number) => [
  `https://[::ffff:127.0.0.1]:${p}/depot.git`,
  `https://[::ffff:7f00:1]:${p}/depot.git`,
  `https://[0:0:0:0:0:ffff:127.0.0.1]:${p}/depot.git`,
  `https://[0000:0000:0000:0000:0000:ffff:7f00:0001]:${p}/depot.git`,
  `https://[::ffff:0:127.0.0.1]:${p}/depot.git`,
  `https://[::127.0.0.1]:${p}/depot.git`,
  `https://[64:ff9b::127.0.0.1]:${p}/depot.git`,
  `https://[2002:7f00:1::]:${p}/depot.git`,
  `https://2130706433:${p}/depot.git`,
  `https://0x7f.1:${p}/depot.git`,
  `https://0177.0.0.1:${p}/depot.git`,
  `https://localhost:${p}/depot.git`,
];

/** The address as the user will see it in the message (a URL parser's spelling of the host). */
const shown = (url: string) => new URL(url).href.replace(/\/+$/, '');

async function gitTokenId() {
  const res = await call(t, 'POST', `${API}/projects/${projectId}/git-tokens`, {
    token: team.developer.token,
    body: { nom: 'Jeton volé', token: 'ghp_attaquant' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('POST /deployments/{envId}/deploy/code with a repository on the platform’s own network', () => {
  it.each(spellings(0).map((_, i) => i))(
    'refuses spelling #%i before any connection, without a token',
    async (i) => {
      const url = spellings(port)[i]!;
      const before = connections;
      const res = await postCode(t, team.developer.token, env.id, codeBody({ repo_url: url }));
      expectIssue(res, ['body', 'repo_url'], repositoryTexts.unreachable(shown(url), true));
      expect(connections - before, url).toBe(0);
    },
  );

  it('refuses every spelling with a Git token too, which never leaves the platform', async () => {
    const tokenId = await gitTokenId();
    for (const url of spellings(port)) {
      const before = connections;
      const res = await postCode(
        t,
        team.developer.token,
        env.id,
        codeBody({
          repo_url: undefined,
          repository_access: { repository_url: url, git_token_id: tokenId },
        }),
      );
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(JSON.stringify(res.json()), url).toContain(
        JSON.stringify(repositoryTexts.unreachable(shown(url), true)).slice(1, -1),
      );
      expect(connections - before, url).toBe(0);
    }
  });

  it('refuses the metadata endpoint and private networks in their IPv6 spellings', async () => {
    for (const url of [
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
      'https://[::ffff:10.0.0.1]/depot.git',
      'https://[::ffff:192.168.1.10]/depot.git',
      'https://[fd00::1]/depot.git',
    ]) {
      const res = await postCode(t, team.developer.token, env.id, codeBody({ repo_url: url }));
      expectIssue(res, ['body', 'repo_url'], repositoryTexts.unreachable(shown(url), true));
    }
  });

  it('says the same of an open port and of a closed one', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const answer = async (p: number) => {
      const res = await postCode(
        t,
        team.developer.token,
        env.id,
        codeBody({ repo_url: `https://[::ffff:127.0.0.1]:${p}/depot.git` }),
      );
      return { status: res.statusCode, body: res.body.split(String(p)).join('PORT') };
    };
    expect(await answer(port)).toEqual(await answer(closed));
  });

  it('never wrote an application nor queued a build for any of these', async () => {
    const list = await call(t, 'GET', `${API}/deployments/${env.id}/deployments`, {
      token: team.developer.token,
    });
    expect(list.json<unknown[]>()).toEqual([]);
    expect(connections).toBe(0);
  });
});
