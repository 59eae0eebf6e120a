import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The generic webhook's signature (docs/notifications.md): HMAC-SHA256, keyed with the secret the
 * admin chose, over `<timestamp>.<raw body>`; sent as `X-Nuage-Signature: sha256=<hex>` beside
 * `X-Nuage-Timestamp: <unix seconds>`. The timestamp inside the signed text lets a receiver
 * refuse a captured request replayed later.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (and the tests' receiver): recompute, compare in constant time, check age. */
export function verifyWebhookSignature(opts: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const ts = Number(opts.timestamp);
  if (!Number.isInteger(ts) || !opts.signature) return false;
  if (Math.abs(opts.nowSeconds - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(opts.secret, ts, opts.body));
  const given = Buffer.from(opts.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
