import { terminalLabels, terminalTexts } from '@nuage/shared/messages/terminal';
import type { TerminalServerMessage } from '@nuage/shared/schemas/terminal';

export interface TerminalHandlers {
  onReady(replica: string): void;
  onOutput(bytes: Uint8Array): void;
  /** Why it ended, in French: the server's reason, or what the browser could tell. */
  onClosed(message: string): void;
}

export interface TerminalSocket {
  type(data: string): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

/**
 * The terminal's WebSocket (issue 29): the session cookie goes with the handshake (same
 * origin), the output comes as binary frames, the rest as JSON. A browser is not shown why a
 * handshake was refused (403, 401): it only sees the socket close before it opened.
 */
export function connectTerminal(
  target: { deploymentId: string; replica?: string; cols: number; rows: number },
  handlers: TerminalHandlers,
): TerminalSocket {
  const query = new URLSearchParams({ cols: String(target.cols), rows: String(target.rows) });
  if (target.replica) query.set('replica', target.replica);
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(
    `${scheme}://${window.location.host}/api/v1/deployments/${target.deploymentId}/terminal?${query}`,
  );
  ws.binaryType = 'arraybuffer';
  let opened = false;
  let told = false;
  ws.onopen = () => (opened = true);
  ws.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data !== 'string') return handlers.onOutput(new Uint8Array(event.data));
    const message = JSON.parse(event.data) as TerminalServerMessage;
    if (message.type === 'ready') handlers.onReady(message.replica);
    else if (message.type === 'closed') {
      told = true;
      handlers.onClosed(message.message);
    }
  };
  ws.onclose = () => {
    if (!told)
      handlers.onClosed(opened ? terminalLabels.lostConnection : terminalLabels.refusedUnknown);
  };
  const send = (message: object) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  return {
    type: (data) => send({ type: 'input', data }),
    resize: (cols, rows) => send({ type: 'resize', cols, rows }),
    close: () => {
      if (!told) {
        told = true;
        handlers.onClosed(terminalTexts.closedByUser);
      }
      ws.close(1000);
    },
  };
}
