// The floor `npm run bench:chat` compares the product with: a bare fastify server in the same
// process with a WebSocket route (`?id=` names the member, no session) and a POST route that hands a
// message to its recipient's socket at once (no session, no credits, no database). What the product
// adds on top of this is its own cost; what this costs is the machine's.
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';

export interface ReferenceServer {
  port: number;
  sockets(): number;
  /** One event to every named member, serialised once (as the product's hub does). */
  publish(ids: number[], event: object): void;
  close(): Promise<void>;
}

export async function startReferenceServer(): Promise<ReferenceServer> {
  const app = Fastify({ logger: false });
  const byId = new Map<number, WebSocket>();
  await app.register(websocket);
  app.get<{ Querystring: { id: string } }>('/socket', { websocket: true }, (socket, req) => {
    const id = Number(req.query.id);
    byId.set(id, socket);
    socket.on('close', () => { if (byId.get(id) === socket) byId.delete(id); });
  });
  app.post<{ Body: { to: number; text: string } }>('/send', async (req) => {
    const { to, text } = req.body;
    byId.get(to)?.send(JSON.stringify({ type: 'chat:message', message: { text } }));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    sockets: () => byId.size,
    publish(ids, event) {
      const frame = JSON.stringify(event);
      for (const id of ids) byId.get(id)?.send(frame);
    },
    close: () => app.close(),
  };
}
