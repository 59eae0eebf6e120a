import type { TerminalServerMessage } from '@nuage/shared/schemas/terminal';
import WebSocket from 'ws';

/** A terminal as a WebSocket client sees it (issue 29): its output, messages and closing. */
export interface TerminalClient {
  ws: WebSocket;
  output(): string;
  messages: TerminalServerMessage[];
  closed: Promise<{ code: number }>;
  type(text: string): void;
  /** Resolves once `test` holds (output or messages), fails after `timeoutMs`. */
  until(what: string, test: () => boolean, timeoutMs?: number): Promise<void>;
}

export type Handshake =
  | { opened: true; client: TerminalClient }
  | { opened: false; status: number; body: { detail?: string } };

/** Opens `url` (ws://…) with these headers; a refused upgrade answers its status and body. */
export function openTerminal(url: string, headers: Record<string, string>): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    let text = '';
    const messages: TerminalServerMessage[] = [];
    const closed = new Promise<{ code: number }>((done) =>
      ws.on('close', (code) => done({ code })),
    );
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) text += data.toString('utf8');
      else messages.push(JSON.parse(data.toString('utf8')) as TerminalServerMessage);
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () =>
        resolve({ opened: false, status: res.statusCode ?? 0, body: JSON.parse(body || '{}') }),
      );
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        opened: true,
        client: {
          ws,
          output: () => text,
          messages,
          closed,
          type: (data) => ws.send(JSON.stringify({ type: 'input', data })),
          async until(what, test, timeoutMs = 10_000) {
            const end = Date.now() + timeoutMs;
            while (!test()) {
              if (Date.now() > end)
                throw new Error(`${what} not seen: ${JSON.stringify(messages)} ${text}`);
              await new Promise((r) => setTimeout(r, 50));
            }
          },
        },
      }),
    );
  });
}
