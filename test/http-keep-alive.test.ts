/**
 * The kit's HTTP client and idle keep-alive connections: it keeps a connection for the next
 * request, and gives it up before the target (or a proxy in front of it) does, so that a request
 * after an idle period is not written to a dropped connection and reset (which would make its test
 * broken: a reset POST is never resent, nothing says whether the target carried it out).
 * Loopback only (forgetful-server.ts).
 */
import { describe, expect, it, type OnTestFinishedHandler } from 'vitest';
import { createHttpClient, type HttpClient } from '../harness/transport/http-client.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import { startForgetfulServer, type ForgetfulServer, type ForgetfulServerOptions } from './forgetful-server.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A server and the kit's client on it, both closed when the test ends (the tests run concurrently). */
async function start(
  options: ForgetfulServerOptions,
  onTestFinished: (handler: OnTestFinishedHandler) => void,
): Promise<{ server: ForgetfulServer; post: () => Promise<number> }> {
  const server = await startForgetfulServer(options);
  const client: HttpClient = createHttpClient({ baseUrl: server.url, redactor: createRedactor(['keep-alive-key-1']) });
  onTestFinished(async () => {
    await client.close();
    await server.close();
  });
  const post = async () => (await client.call({ method: 'POST', path: '/sms/send', apiKey: 'keep-alive-key-1', json: { numbers: '5512345678' } })).status;
  return { server, post };
}

describe('idle keep-alive connections', () => {
  it('reuses a connection for a request that follows shortly', async ({ onTestFinished }) => {
    const { server, post } = await start({ idleMs: 10_000, mode: 'forget' }, onTestFinished);
    expect(await post()).toBe(200);
    // Not at once: undici checks an idle connection for a pending close first (one turn of the
    // event loop), and a request in that turn is given a connection of its own.
    await sleep(100);
    expect(await post()).toBe(200);
    expect(server.connections).toBe(1);
  });

  it.concurrent('a target that closes idle connections after 300 ms, announcing nothing: the next POST goes out on a fresh connection', async ({
    onTestFinished,
  }) => {
    const { server, post } = await start({ idleMs: 300, mode: 'close' }, onTestFinished);
    expect(await post()).toBe(200);
    await sleep(700);
    expect(await post()).toBe(200);
    expect(server).toMatchObject({ answered: 2, connections: 2, reset: 0 });
  });

  it.concurrent('Keep-Alive: timeout=2 from a target whose idle clock started 0.5 s before the answer arrived: given up in time', async ({
    onTestFinished,
  }) => {
    // The target drops the connection silently at 1.5 s of the client's idle time; a client that
    // took the hint at its word (2 s) would write the POST at 1.7 s into a dropped connection.
    const { server, post } = await start({ idleMs: 1_500, mode: 'forget', hintSeconds: 2 }, onTestFinished);
    expect(await post()).toBe(200);
    await sleep(1_700);
    expect(await post()).toBe(200);
    expect(server).toMatchObject({ answered: 2, reset: 0 });
  });

  it.concurrent('no Keep-Alive hint and a proxy that drops idle connections silently after 3.5 s: given up before', async ({ onTestFinished }) => {
    // undici's own default (4 s) would reuse the connection at 3.8 s and meet the reset.
    const { server, post } = await start({ idleMs: 3_500, mode: 'forget' }, onTestFinished);
    expect(await post()).toBe(200);
    await sleep(3_800);
    expect(await post()).toBe(200);
    expect(server).toMatchObject({ answered: 2, connections: 2, reset: 0 });
  });
});
