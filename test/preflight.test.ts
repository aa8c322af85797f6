/**
 * The preflight (harness/commands/preflight.ts) tells a garbled first answer apart: a body that is
 * not JSON, a JSON body without the balance of 2.7, and an answer far larger than a balance (read
 * no further than its bound). Each is one usage error naming what was seen, and none repeats the
 * target's body.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preflight } from '../harness/commands/preflight.ts';
import { UsageError } from '../harness/config/cli-errors.ts';

const answers: Record<string, { type: string; body: string }> = {
  '/html': { type: 'text/html', body: '<html><script>alert(1)</script>not the API</html>' },
  '/nocredit': { type: 'application/json', body: '{"success":true,"message":"hello","status":200}' },
  '/huge': { type: 'application/json', body: `{"credit":"1.00","pad":"${'x'.repeat(300 * 1024)}"}` },
  '/ok': { type: 'application/json', body: '{"success":true,"message":"available_credits","status":200,"code":"credit_01","credit":"12.50"}' },
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[(req.url ?? '').replace(/\/credits\/consult$/, '')] ?? answers['/html']!;
    res.writeHead(200, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('preflight answers', () => {
  it.each([
    ['/html', /HTTP 200 and a body that is not a JSON object \(text\/html, \d+ characters\)/],
    ['/nocredit', /a JSON body without a numeric credit field \(2\.7, 4\.1\)/],
    ['/huge', /more than 64 KiB/],
  ])('%s: one usage error saying what came back', async (path, message) => {
    const error = await preflight(`${base}${path}`, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('<script>');
    expect((error as Error).message.split('\n')).toHaveLength(1);
  });

  it('reads the balance of a well-formed answer', async () => {
    expect((await preflight(`${base}/ok`, 'k')).credits).toBe(12.5);
  });
});
