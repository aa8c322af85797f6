/** The `serve` command line: flags become server options; bad input is one line and exit 2. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/config/cli-errors.ts';
import { parseServeArgs } from '../harness/commands/serve-command.ts';

const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));

describe('serve flags', () => {
  it('maps flags to options', () => {
    expect(parseServeArgs(['--port', '8080', '--test-clock', '--allow-loopback-webhooks', '--ambiguity', 'auth-error-http-status=body-200', '--rate-limit', '0'])).toMatchObject({
      port: 8080,
      testClock: true,
      allowLoopbackWebhooks: true,
      rateLimit: 0,
      ambiguities: { 'auth-error-http-status': 'body-200' },
    });
    expect(parseServeArgs(['--restricted-allow-list', '127.0.0.1, ::1'])).toMatchObject({ restrictedAllowList: ['127.0.0.1', '::1'] });
  });

  it.each([
    [['--bogus'], /Unknown option/],
    [['--port', 'eighty'], /--port takes a whole number/],
    // Issue 19: a negative number gets the flag's own message, not parseArgs' "ambiguous".
    [['--port', '-1'], /^--port takes a whole number, got "-1"$/],
    [['--rate-limit', '-5'], /^--rate-limit takes a whole number, got "-5"$/],
    [['--ambiguity', 'sandbox-daily-limit'], /ID=OPTION/],
    [['--ambiguity', 'no-such-id=x'], /unknown ambiguity id/],
    [['--ambiguity', 'sandbox-daily-limit=7'], /unknown option "7"/],
    [['--ambiguities', '/nonexistent/file.yaml'], /cannot read/],
  ])('refuses %j', (args, message) => {
    expect(() => parseServeArgs(args)).toThrow(UsageError);
    expect(() => parseServeArgs(args)).toThrow(message);
  });
});

describe('the command line', () => {
  it.each([[['serve', '--bogus']], [['frobnicate']], [[]]])('exits 2 with one line for %j', (args) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^messaging-conformance: /);
  });
});
