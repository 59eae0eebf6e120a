import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, and what became of it. */
export interface WebhookRequest {
  delivery: string;
  event: string;
  body: { evenement: string; evenement_id: string; titre: string; texte: string };
  /** The signature checks out with the channel's secret, and its timestamp is fresh. */
  signed: boolean;
  /**
   * `completed`: answered 200; `refused`: a bad signature (401); `held`: kept open, unanswered;
   * `aborted`: held, then the sender went away.
   */
  outcome: 'completed' | 'refused' | 'held' | 'aborted';
}

export interface WebhookReceiver {
  url: string;
  requests: WebhookRequest[];
  /** Requests answered 200: what a consumer has received for good. */
  completed(): WebhookRequest[];
  close(): Promise<void>;
}

/**
 * A generic webhook consumer, as docs/notifications.md tells integrators to write one: it checks
 * the HMAC-SHA256 signature over `<timestamp>.<raw body>` and refuses a stale timestamp. With
 * `holdFirst`, it keeps the first request open without answering (a consumer slow at the moment
 * the platform dies), and notes when the sender's side goes away.
 */
export async function webhookReceiver(
  secret: string,
  opts: { holdFirst?: boolean } = {},
): Promise<WebhookReceiver> {
  const requests: WebhookRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: WebhookRequest = {
        delivery: String(req.headers['x-nuage-delivery']),
        event: String(req.headers['x-nuage-event']),
        body: JSON.parse(raw) as WebhookRequest['body'],
        signed: verify(secret, req.headers, raw),
        outcome: 'completed',
      };
      requests.push(entry);
      if (opts.holdFirst && requests.length === 1) {
        entry.outcome = 'held';
        res.on('close', () => {
          if (!res.writableEnded) entry.outcome = 'aborted';
        });
        return;
      }
      res.writeHead(entry.signed ? 200 : 401).end();
      if (!entry.signed) entry.outcome = 'refused';
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    completed: () => requests.filter((r) => r.outcome === 'completed'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function verify(secret: string, headers: http.IncomingHttpHeaders, raw: string): boolean {
  const ts = String(headers['x-nuage-timestamp'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`;
  const given = String(headers['x-nuage-signature'] ?? '');
  const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= 300;
  return (
    fresh &&
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
