import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerDriver } from '../docker-driver';
import { EngineApi } from '../engine-api';
import {
  runId,
  skipReason,
  SOCKET,
  sweep,
  testClient,
  testEdge,
  TEST_HASH_KEY,
} from '../../../../../test/engine/docker/test-support';
import type { AcmeAnswer } from './caddy-config';
import type { EdgeOptions } from './edge-proxy';

/**
 * The platform's own Let's Encrypt orders on docker (issue 12 item 4): the edge proxy owns
 * port 80, so the HTTP-01 answers the issuer stores must be served by the proxy itself, as
 * soon as the driver is told they changed — including for a domain the proxy also orders a
 * certificate for by itself (Caddy's own challenge handler must let other tokens through).
 */
const run = promisify(execFile);

/** What the authority does: GET the challenge on port 80 (here the proxy's published port). */
async function curl(port: number, host: string, token: string) {
  const { stdout } = await run('curl', [
    ...['-sS', '--max-time', '10', '-H', `Host: ${host}`, '-w', '\n%{http_code}'],
    `http://127.0.0.1:${port}/.well-known/acme-challenge/${token}`,
  ]);
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe.skipIf(skipReason !== null)(
  'ACME HTTP-01 answers served by the edge proxy (Debian caddy)',
  () => {
    const prefix = `ndtest-${runId()}`;
    const api = new EngineApi(testClient());
    const host = 'shop.exemple.test';
    const pending: AcmeAnswer[] = [];
    let edge: EdgeOptions;
    let driver: DockerDriver;

    beforeAll(async () => {
      edge = await testEdge(prefix);
      driver = new DockerDriver({
        hashKey: TEST_HASH_KEY,
        socketPath: SOCKET!,
        edge,
        // The domain is routed over HTTPS with no certificate of its own: Caddy also orders one
        // by ACME for it (and fails quietly here, no authority answers), so its own HTTP-01
        // handler is active for this host.
        routes: async () => [
          {
            deploymentId: `${prefix}-shop`,
            url: `https://${host}`,
            httpHosts: [],
            tlsHosts: [host],
            certificate: null,
          },
        ],
        challenges: async () => [...pending],
      });
      await driver.edge.sync();
    }, 120_000);
    afterAll(() => sweep(api, { deploymentIds: [], prefix }), 60_000);

    it('answers a presented challenge with its key authorization, and 404 once cleaned up', async () => {
      const token = 'evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA';
      const keyAuthorization = `${token}.9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI`;
      const before = await curl(edge.httpPort, host, token);
      expect(before.status).toBe(308); // not an answer: the redirect to HTTPS

      pending.push({ token, keyAuthorization });
      await driver.challengesChanged();
      const answered = await curl(edge.httpPort, host, token);
      expect(answered).toEqual({ status: 200, body: keyAuthorization });
      // Any other path of the domain still goes to HTTPS.
      expect((await curl(edge.httpPort, host, 'autre-jeton')).status).toBe(308);

      pending.length = 0;
      await driver.challengesChanged();
      expect((await curl(edge.httpPort, host, token)).status).toBe(308);
      // A host nobody routes: the French 404 once the answer is gone.
      const unknown = await curl(edge.httpPort, 'inconnu.exemple.test', token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('Aucune application');
    });
  },
);
