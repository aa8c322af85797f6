/**
 * A loopback HTTP/1.1 server that gives up idle keep-alive connections, as real targets and the
 * proxies in front of them do: after `idleMs` without a request it either closes the connection
 * (`close`, a FIN the client sees while idle) or forgets it silently (`forget`, a proxy or NAT that
 * dropped its state: the next bytes on it are answered with a reset). It may announce a
 * `Keep-Alive: timeout=N` hint. Written on node:net so that the idle behaviour is exactly this one.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface ForgetfulServerOptions {
  idleMs: number;
  mode: 'close' | 'forget';
  /** The seconds announced in `Keep-Alive: timeout=N`; no header when absent. */
  hintSeconds?: number;
}

export interface ForgetfulServer {
  url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Requests answered so far. */
  readonly answered: number;
  /** Requests that arrived on a forgotten connection and were reset. */
  readonly reset: number;
  close(): Promise<void>;
}

const HEAD_END = '\r\n\r\n';

/** The length of the first whole request in `buffered` (head and content-length body), undefined until it has arrived. */
function firstRequestLength(buffered: Buffer): number | undefined {
  const text = buffered.toString('latin1');
  const headEnd = text.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
  const total = headEnd + HEAD_END.length + length;
  return buffered.length < total ? undefined : total;
}

/** The `n`th answer: a 200 that keeps the connection alive, with the keep-alive hint when one is set. */
function keptAliveAnswer(n: number, hintSeconds: number | undefined): string {
  const body = JSON.stringify({ success: true, status: 200, code: 'ok', n });
  const hint = hintSeconds === undefined ? '' : `keep-alive: timeout=${hintSeconds}\r\n`;
  return `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\n${hint}\r\n${body}`;
}

export async function startForgetfulServer(options: ForgetfulServerOptions): Promise<ForgetfulServer> {
  const counts = { connections: 0, answered: 0, reset: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    counts.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let forgotten = false;
    let idle: NodeJS.Timeout | undefined;
    const startIdle = () => {
      idle = setTimeout(() => {
        if (options.mode === 'close') socket.end();
        else forgotten = true;
      }, options.idleMs);
    };
    socket.on('data', (chunk: Buffer) => {
      clearTimeout(idle);
      if (forgotten) {
        counts.reset += 1;
        socket.resetAndDestroy();
        return;
      }
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const total = firstRequestLength(buffered);
        if (total === undefined) return;
        buffered = buffered.subarray(total);
        counts.answered += 1;
        socket.write(keptAliveAnswer(counts.answered, options.hintSeconds));
        startIdle();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return counts.connections;
    },
    get answered() {
      return counts.answered;
    },
    get reset() {
      return counts.reset;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
