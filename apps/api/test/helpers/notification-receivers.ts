import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers standing for Slack, Discord, Microsoft Teams, Telegram's Bot API and a
 * generic webhook consumer. Each refuses what the real service refuses (wrong Content-Type,
 * missing fields, a payload over its limits, a wrong bot token, a bad signature) with the
 * service's own kind of answer, and records what it accepted.
 */

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  json: Record<string, unknown>;
}

type Verdict = { status: number; body: string; contentType?: string };
type Judge = (req: Received) => Verdict;

export interface Receiver {
  url: string;
  accepted: Received[];
  refused: { path: string; status: number; body: string }[];
  /** The next `n` requests get a 500 (the service is down). */
  failNext: number;
  /** Holds every answer until released (a send that never completes). */
  hold: boolean;
  close(): Promise<void>;
}

const isJson = (req: Received) =>
  /^application\/json(;\s*charset=utf-8)?$/i.test(String(req.headers['content-type'] ?? ''));

async function start(judge: Judge): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    accepted: [],
    refused: [],
    failNext: 0,
    hold: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (receiver.hold) return; // never answered: the sender's process "dies" mid-send
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        json = {};
      }
      const received = { path: request.url ?? '', headers: request.headers, raw, json };
      let verdict: Verdict;
      if (request.method !== 'POST') verdict = { status: 405, body: 'method not allowed' };
      else if (receiver.failNext > 0) {
        receiver.failNext--;
        verdict = { status: 500, body: 'internal error' };
      } else verdict = judge(received);
      if (verdict.status >= 200 && verdict.status < 300) receiver.accepted.push(received);
      else
        receiver.refused.push({ path: received.path, status: verdict.status, body: verdict.body });
      response.writeHead(verdict.status, { 'content-type': verdict.contentType ?? 'text/plain' });
      response.end(verdict.body);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** Slack's incoming webhook: JSON with a non-empty `text`; blocks, when given, typed. Answers `ok`. */
export const slackReceiver = () =>
  start((req) => {
    if (!isJson(req)) return { status: 400, body: 'invalid_payload' };
    const text = req.json.text;
    if (typeof text !== 'string' || text.length === 0) return { status: 400, body: 'no_text' };
    const blocks = req.json.blocks;
    if (blocks !== undefined) {
      if (!Array.isArray(blocks) || blocks.length > 50)
        return { status: 400, body: 'invalid_blocks' };
      for (const b of blocks as { type?: unknown; text?: { type?: unknown; text?: unknown } }[]) {
        if (typeof b.type !== 'string') return { status: 400, body: 'invalid_blocks' };
        if (
          b.type === 'header' &&
          (b.text?.type !== 'plain_text' || String(b.text.text).length > 150)
        )
          return { status: 400, body: 'invalid_blocks' };
      }
    }
    return { status: 200, body: 'ok' };
  });

/** Discord's webhook: JSON, `content` or `embeds` (≤ 10; title ≤ 256, description ≤ 4096). 204. */
export const discordReceiver = () =>
  start((req) => {
    const fail = (message: string) => ({
      status: 400,
      body: JSON.stringify({ message, code: 50006 }),
      contentType: 'application/json',
    });
    if (!isJson(req)) return fail('Cannot send an empty message');
    const { content, embeds } = req.json as { content?: unknown; embeds?: unknown };
    const hasContent = typeof content === 'string' && content.length > 0 && content.length <= 2000;
    const list = Array.isArray(embeds)
      ? (embeds as { title?: string; description?: string }[])
      : [];
    if (!hasContent && list.length === 0) return fail('Cannot send an empty message');
    if (list.length > 10) return fail('Invalid Form Body');
    for (const e of list)
      if ((e.title?.length ?? 0) > 256 || (e.description?.length ?? 0) > 4096)
        return fail('Invalid Form Body');
    return { status: 204, body: '' };
  });

/** Teams' Workflows webhook: a `message` carrying an Adaptive Card. 202 Accepted. */
export const teamsReceiver = () =>
  start((req) => {
    if (!isJson(req)) return { status: 415, body: 'Unsupported Media Type' };
    const attachments = req.json.attachments as
      { contentType?: string; content?: { type?: string; body?: unknown[] } }[] | undefined;
    const card = attachments?.[0];
    if (
      req.json.type !== 'message' ||
      card?.contentType !== 'application/vnd.microsoft.card.adaptive' ||
      card.content?.type !== 'AdaptiveCard' ||
      !Array.isArray(card.content.body)
    )
      return { status: 400, body: 'Bad payload' };
    return { status: 202, body: '' };
  });

/** Telegram's Bot API: `/bot<token>/sendMessage` with `chat_id` and `text` (1 to 4096). */
export const telegramReceiver = (token: string, chatId: string) =>
  start((req) => {
    const answer = (status: number, description: string) => ({
      status,
      body: JSON.stringify({ ok: false, error_code: status, description }),
      contentType: 'application/json',
    });
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.path);
    if (!match || match[1] !== token) return answer(401, 'Unauthorized');
    if (!isJson(req)) return answer(400, 'Bad Request: message text is empty');
    const { chat_id, text } = req.json as { chat_id?: unknown; text?: unknown };
    if (String(chat_id) !== chatId) return answer(400, 'Bad Request: chat not found');
    if (typeof text !== 'string' || text.length === 0)
      return answer(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return answer(400, 'Bad Request: message is too long');
    return {
      status: 200,
      body: JSON.stringify({ ok: true, result: { message_id: 1, chat: { id: chat_id }, text } }),
      contentType: 'application/json',
    };
  });

/**
 * A generic webhook consumer that checks the signature as docs/notifications.md tells integrators
 * to (its own HMAC, computed here, not the platform's): 401 on a bad or stale one.
 */
export const webhookReceiver = (secret: string) =>
  start((req) => {
    if (!isJson(req)) return { status: 415, body: 'json expected' };
    const ts = String(req.headers['x-nuage-timestamp'] ?? '');
    const given = String(req.headers['x-nuage-signature'] ?? '');
    const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${req.raw}`).digest('hex')}`;
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= 300;
    const same =
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!fresh || !same) return { status: 401, body: 'bad signature' };
    return { status: 200, body: 'merci' };
  });
