/**
 * What stands between the kit and a staging server, built on loopback for the staging tests: a
 * private certificate authority with a server and a client certificate (openssl, in a temporary
 * folder, made once per test file), a TLS front that forwards to a plain HTTP target (optionally
 * asking for a client certificate), a gateway front that refuses requests without its header, and
 * a CONNECT proxy that counts what goes through it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StagingMaterial {
  dir: string;
  /** The private authority's certificate (what --ca-file is given). */
  caFile: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  /** The client key, encrypted with `passphrase`. */
  clientKey: string;
  passphrase: string;
  /** The base64 lines of the client key's PEM, for the leak search. */
  clientKeyLines: string[];
  remove(): void;
}

const openssl = (dir: string, args: string[]): void => {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
};

/** Signs `name`.csr with the CA of `dir` (ca.pem, ca.key) and the extensions of `name`.ext into `name`.pem, valid 2 days. */
const signWithCa = (dir: string, name: string): void =>
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);

/** A private CA, a server certificate for 127.0.0.1 and localhost, a client certificate with an encrypted key; EC keys (fast). */
export function makeStagingMaterial(): StagingMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'mc-staging-'));
  const passphrase = `pass-${Math.random().toString(36).slice(2)}-phrase`;
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
  openssl(dir, ['req', '-x509', ...ec, '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Staging Test CA']);
  openssl(dir, ['req', ...ec, '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  signWithCa(dir, 'server');
  openssl(dir, ['req', ...ec, '-passout', `pass:${passphrase}`, '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=staging-client']);
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  signWithCa(dir, 'client');
  const clientKey = join(dir, 'client.key');
  const clientKeyLines = readFileSync(clientKey, 'utf8')
    .split('\n')
    .filter((line) => line.length >= 16 && !line.startsWith('-----'));
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    clientCert: join(dir, 'client.pem'),
    clientKey,
    passphrase,
    clientKeyLines,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Front {
  url: string;
  /** Requests the front forwarded. */
  readonly forwarded: number;
  /** Requests the front refused (a gateway without its header). */
  readonly refused: number;
  /** The remote port of every connection the front accepted, in order. */
  readonly connections: number[];
  close(): Promise<void>;
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

/** Forwards `req` to `upstream` (a plain http base URL) and pipes the answer back. */
function forward(upstream: string, req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(upstream);
  const out = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end('{"message":"front: upstream unreachable"}');
  });
  req.pipe(out);
}

export interface FrontOptions {
  /** TLS with this material's server certificate; absent: plain HTTP. */
  tls?: StagingMaterial;
  /** Refuse a TLS client without a certificate of the private authority (mutual TLS). */
  requireClientCert?: boolean;
  /** Refuse with 401 a request without this header and value (a gateway). */
  gatewayHeader?: { name: string; value: string };
}

/** A front on loopback forwarding to `upstream`. */
export async function startFront(upstream: string, options: FrontOptions): Promise<Front> {
  let forwarded = 0;
  let refused = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const gate = options.gatewayHeader;
    if (gate !== undefined && req.headers[gate.name.toLowerCase()] !== gate.value) {
      refused += 1;
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('gateway: missing or wrong gateway key');
      return;
    }
    forwarded += 1;
    forward(upstream, req, res);
  };
  const material = options.tls;
  const server: Server =
    material === undefined
      ? createHttpServer(handler)
      : (createHttpsServer(
          {
            cert: readFileSync(material.serverCert),
            key: readFileSync(material.serverKey),
            ...(options.requireClientCert ? { ca: readFileSync(material.caFile), requestCert: true, rejectUnauthorized: true } : {}),
          },
          handler,
        ) as unknown as Server);
  const connections: number[] = [];
  server.on('connection', (socket: Socket) => connections.push(socket.remotePort ?? 0));
  const port = await listen(server);
  return {
    url: `${material === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    connections,
    get forwarded() {
      return forwarded;
    },
    get refused() {
      return refused;
    },
    close: () => closeServer(server),
  };
}

export interface CountingProxy {
  url: string;
  /** CONNECT tunnels opened, by their "host:port". */
  readonly tunnels: string[];
  /** Plain requests forwarded (an http target through an http proxy), by absolute URL. */
  readonly requests: string[];
  /** The Proxy-Authorization headers seen (credentials the test gave). */
  readonly authorizations: string[];
  /** The local port of each tunnel's connection to its target (what the target sees as the remote port). */
  readonly upstreamPorts: number[];
  close(): Promise<void>;
}

/** An HTTP proxy on loopback that opens CONNECT tunnels and forwards absolute-URL requests, counting both. */
export async function startCountingProxy(): Promise<CountingProxy> {
  const tunnels: string[] = [];
  const requests: string[] = [];
  const authorizations: string[] = [];
  const upstreamPorts: number[] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.headers['proxy-authorization']) authorizations.push(req.headers['proxy-authorization']);
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    forward(target.origin, Object.assign(req, { url: `${target.pathname}${target.search}`, headers }), res);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    if (req.headers['proxy-authorization']) authorizations.push(req.headers['proxy-authorization']);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = netConnect(Number(port), host!, () => {
      upstreamPorts.push(upstream.localPort ?? 0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    requests,
    authorizations,
    upstreamPorts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}
