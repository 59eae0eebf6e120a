import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import {
  bareHost,
  InternalAddressError,
  pinnedLookup,
  resolveDestination,
} from '../../../lib/network/guarded-lookup';

/** A delivery that did not go through; `message` is French and names no secret. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** What an error may quote of a service's answer. */
const BODY_QUOTE = 300;

/**
 * POSTs `body` (JSON, UTF-8; a string is sent as it is: the bytes a signature covers) to `url` through the platform's one address policy (SSRF): the host
 * is resolved and checked here, and the socket connects to the checked addresses only (no second
 * DNS answer). Redirects are not followed. Answers the status and body of a 2xx; anything else
 * is a DeliveryError whose text never carries the URL (Slack, Discord, Teams and Telegram put
 * their key in it).
 */
export async function postJson(
  url: string,
  body: unknown,
  opts: PostOptions,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const host = bareHost(target);
  let addresses;
  try {
    addresses = await resolveDestination(host, { allowPrivate: opts.allowPrivate });
  } catch (err) {
    if (err instanceof InternalAddressError) throw new DeliveryError(t.urlPrivate(host));
    throw new DeliveryError(t.urlUnknownHost(host));
  }
  const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        lookup: pinnedLookup(addresses),
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(payload.length),
          'user-agent': 'NuageDeploy-Notifications/1',
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 64 * 1024) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status, body: text });
          else reject(new DeliveryError(t.httpStatus(status, text.slice(0, BODY_QUOTE).trim())));
        });
        res.on('error', (err) => reject(new DeliveryError(t.unreachable(err.message))));
      },
    );
    req.on('timeout', () => req.destroy(new DeliveryError(t.timeout)));
    req.on('error', (err) =>
      reject(err instanceof DeliveryError ? err : new DeliveryError(t.unreachable(errorCode(err)))),
    );
    req.end(payload);
  });
}

/** The system error's code (ECONNREFUSED…), never a message that could quote the URL. */
const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? err.name;
