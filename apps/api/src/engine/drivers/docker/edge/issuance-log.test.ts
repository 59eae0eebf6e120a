import { describe, expect, it } from 'vitest';
import { failureReason, issuanceFailures } from './issuance-log';

/** Lines as Debian's Caddy 2.6 wrote them against Pebble (one success, one unresolvable domain). */
const LOG = [
  '{"level":"info","ts":1795572145.018,"logger":"tls.obtain","msg":"obtaining certificate","identifier":"shop.exemple.test"}',
  '{"level":"info","ts":1795572145.027,"logger":"http","msg":"served key authentication","identifier":"shop.exemple.test","challenge":"http-01","remote":"10.88.0.1:47860","distributed":false}',
  '{"level":"error","ts":1795572145.280,"logger":"http.acme_client","msg":"challenge failed","identifier":"bad.exemple.test","challenge_type":"http-01","status_code":400,"problem_type":"urn:ietf:params:acme:error:connection","error":"Get \\"http://bad.exemple.test:18080/.well-known/acme-challenge/lLK4\\": could not resolve URL \\"http://bad.exemple.test:18080/.well-known/acme-challenge/lLK4\\""}',
  '{"level":"error","ts":1795572145.280,"logger":"http.acme_client","msg":"validating authorization","identifier":"bad.exemple.test","error":"authorization failed: HTTP 400 urn:ietf:params:acme:error:connection - Get \\"http://bad.exemple.test:18080/.well-known/acme-challenge/lLK4\\": could not resolve URL \\"http://bad.exemple.test:18080/.well-known/acme-challenge/lLK4\\"","attempt":1,"max_attempts":3}',
  '{"level":"info","ts":1795572145.534,"logger":"tls.obtain","msg":"certificate obtained successfully","identifier":"shop.exemple.test"}',
  '{"level":"error","ts":1795572146.283,"logger":"tls.obtain","msg":"could not get certificate from issuer","identifier":"bad.exemple.test","issuer":"192.0.2.2:14777-dir","error":"[bad.exemple.test] solving challenges: bad.exemple.test: no solvers available for remaining challenges (configured=[http-01] offered=[tls-alpn-01 http-01 dns-01] remaining=[tls-alpn-01 dns-01])"}',
  'not json: a line from elsewhere',
].join('\n');

describe('issuanceFailures', () => {
  it("keeps, per host, the authority's last problem of a failed attempt, not certmagic's summary", () => {
    const failures = issuanceFailures(LOG);
    expect([...failures.keys()]).toEqual(['bad.exemple.test']);
    const bad = failures.get('bad.exemple.test')!;
    expect(bad.problem).toBe('connection');
    expect(bad.detail).toMatch(/^Get "http:\/\/bad\.exemple\.test:18080.*could not resolve URL/);
    expect(bad.at.toISOString()).toBe(new Date(1795572146283).toISOString());
  });

  it('forgets a failure once the certificate is obtained', () => {
    const later = `${LOG}\n{"level":"info","ts":1795572300,"logger":"tls.obtain","msg":"certificate obtained successfully","identifier":"bad.exemple.test"}`;
    expect(issuanceFailures(later).size).toBe(0);
  });

  it('uses the attempt error itself when the authority gave no problem (directory unreachable)', () => {
    const line =
      '{"level":"error","ts":1,"logger":"tls.obtain","msg":"could not get certificate from issuer","identifier":"x.exemple.sn","error":"registering account: provisioning client: performing request: Get \\"https://acme.test/dir\\": dial tcp 10.0.0.9:443: connect: connection refused"}';
    const failure = issuanceFailures(line).get('x.exemple.sn')!;
    expect(failure.problem).toBeNull();
    expect(failureReason('x.exemple.sn', failure)).toMatch(
      /^l'autorité de certification \(ACME_DIRECTORY_URL\) est injoignable depuis le proxy \(réponse de l'autorité : « registering account/,
    );
  });
});

describe('failureReason', () => {
  const at = new Date(0);
  it('names the missing DNS record for an unresolvable domain', () => {
    const reason = failureReason(
      'bad.exemple.test',
      issuanceFailures(LOG).get('bad.exemple.test')!,
    );
    expect(reason).toMatch(
      /^le nom bad\.exemple\.test ne se résout pas dans le DNS : créez l'enregistrement A \(ou CNAME\) qui le fait pointer vers ce serveur \(réponse de l'autorité : « Get /,
    );
  });
  it('tells ports and DNS apart from a wrong answer', () => {
    expect(
      failureReason('a.sn', { at, problem: 'connection', detail: 'connection refused' }),
    ).toMatch(/n'a pas pu joindre a\.sn sur le port 80/);
    expect(failureReason('a.sn', { at, problem: 'unauthorized', detail: '' })).toBe(
      'la réponse au défi HTTP-01 de a.sn était incorrecte : le domaine pointe-t-il vers un autre serveur ?',
    );
  });
  it('cuts a long detail', () => {
    const reason = failureReason('a.sn', { at, problem: 'rateLimited', detail: 'x'.repeat(1000) });
    expect(reason.length).toBeLessThan(400);
    expect(reason).toContain('…');
  });
});
