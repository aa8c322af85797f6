/**
 * Starts a test's own HTTP server on 127.0.0.1 (port 0) and closes it at once on demand: the
 * sockets it holds (a hanging target keeps requests open on purpose) are destroyed first, so a
 * close never waits for a client.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
