import { z } from 'zod';

/**
 * The browser terminal's protocol (issue 29), over one WebSocket: the terminal's output goes to
 * the browser as binary frames; everything else is one JSON text frame per message.
 */

export const terminalSize = {
  cols: z.coerce.number().int().min(2).max(500),
  rows: z.coerce.number().int().min(2).max(300),
};

/** The handshake's query string: which replica (the first running one if absent) and its size. */
export const terminalQuerySchema = z.object({
  replica: z.string().min(1).max(253).optional(),
  cols: terminalSize.cols.default(80),
  rows: terminalSize.rows.default(24),
});

/** What the browser sends: keystrokes, or its new size. */
export const terminalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().max(65_536) }),
  z.object({ type: z.literal('resize'), cols: terminalSize.cols, rows: terminalSize.rows }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessageSchema>;

/**
 * Why a terminal ended: the shell exited, the user closed it, it sat idle, its session or role
 * was revoked, the runtime refused (no shell, no running replica, simulation), or the platform
 * stopped.
 */
export const terminalEndings = [
  'exit',
  'client',
  'idle',
  'revoked',
  'refused',
  'shutdown',
] as const;
export type TerminalEnding = (typeof terminalEndings)[number];

/** What the server sends as text. */
export type TerminalServerMessage =
  { type: 'ready'; replica: string } | { type: 'closed'; ending: TerminalEnding; message: string };

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const terminalCloseCodes: Record<TerminalEnding, number> = {
  exit: 1000,
  client: 1000,
  idle: 4002,
  revoked: 4001,
  refused: 4003,
  shutdown: 1001,
};
