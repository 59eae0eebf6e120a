import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { OpenTerminals } from './open-terminals';

/**
 * WebSocket support for the terminal (issue 29), at the root so its routes can upgrade. On
 * close, open terminals end first (told « la plateforme redémarre », audited), then the
 * sockets close.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<OpenTerminals> {
  const terminals = new OpenTerminals();
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024 },
    preClose(done) {
      const server = app.websocketServer;
      void terminals.closeAll().finally(() => {
        for (const client of server.clients) client.close();
        server.close(() => done());
      });
    },
  });
  return terminals;
}
