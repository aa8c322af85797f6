/**
 * The test hook's clock domains (`x-test-clock-domain`, schemas/capabilities.ts): each domain has
 * its own virtual clock, and a request runs in the domain it names, whatever else went over its
 * connection and however its body arrives. The suite gives each test a domain of its own and
 * lets waiting tests overlap on that guarantee; a body read in a later packet runs in the
 * connection's async context, not the request's, so this is checked on a raw keep-alive socket.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_DOMAIN_HEADER } from '../schemas/capabilities.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ testClock: true, rateLimit: 0 });
});
afterAll(() => server.close());

async function now(domain: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/__test/clock`, { headers: { [TEST_CLOCK_DOMAIN_HEADER]: domain } });
  return ((await res.json()) as { now: number }).now;
}

/** Reads one HTTP/1.1 response with a content-length off a keep-alive socket. */
function readResponse(socket: Socket): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve({ status: Number(buffer.slice(9, 12)), body: buffer.slice(end + 4, end + 4 + length) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('clock domains of the test hook', () => {
  it('advance moves the named domain only', async () => {
    const [a0, b0] = [await now('domain-a1'), await now('domain-b1')];
    const res = await fetch(`${server.baseUrl}/__test/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_CLOCK_DOMAIN_HEADER]: 'domain-a1' },
      body: JSON.stringify({ seconds: 3600 }),
    });
    expect(res.status).toBe(200);
    expect((await now('domain-a1')) - a0).toBeGreaterThanOrEqual(3_600_000);
    expect((await now('domain-b1')) - b0).toBeLessThan(60_000);
  });

  it('a body arriving after its headers, on a connection another domain used first, still runs in its own domain', async () => {
    const [a0, b0] = [await now('domain-a2'), await now('domain-b2')];
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      // 1: a request of domain a2 on this connection.
      const first = readResponse(socket);
      socket.write(`GET /__test/clock HTTP/1.1\r\nhost: x\r\n${TEST_CLOCK_DOMAIN_HEADER}: domain-a2\r\n\r\n`);
      expect((await first).status).toBe(200);
      // 2: an advance of domain b2 whose body comes in a later packet.
      const body = JSON.stringify({ seconds: 7200 });
      const second = readResponse(socket);
      socket.write(
        `POST /__test/clock/advance HTTP/1.1\r\nhost: x\r\ncontent-type: ` +
          `application/json\r\ncontent-length: ${body.length}\r\n${TEST_CLOCK_DOMAIN_HEADER}: domain-b2\r\n\r\n`,
      );
      await delay(50);
      socket.write(body);
      expect((await second).status).toBe(200);
    } finally {
      socket.destroy();
    }
    expect((await now('domain-b2')) - b0, 'domain b2 advanced').toBeGreaterThanOrEqual(7_200_000);
    expect((await now('domain-a2')) - a0, 'domain a2 untouched').toBeLessThan(60_000);
    expect((await now('domain-unrelated')) - Date.now(), 'the default clock untouched').toBeLessThan(60_000);
  });
});
