/** The `serve` command line: flags become server options; bad input is one line and exit 2. */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/config/cli-errors.ts';
import { parseServeArgs } from '../harness/commands/serve-command.ts';
import { MUTANTS } from '../reference/mutants.ts';

const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));

describe('serve flags', () => {
  it('maps flags to options', () => {
    expect(
      parseServeArgs(['--port', '8080', '--test-clock', '--allow-loopback-webhooks', '--ambiguity', 'auth-error-http-status=body-200', '--rate-limit', '0']),
    ).toMatchObject({
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
    // A negative number gets the flag's own message, not parseArgs' "ambiguous".
    [['--port', '-1'], /^--port takes a whole number from 0 to 65535, got "-1"$/],
    [['--port', '65536'], /^--port takes a whole number from 0 to 65535, got "65536"$/],
    [['--manager-key', 'short'], /^--manager-key takes at least 8 characters/],
    [['--list-mutants', '--port', '1'], /^--list-mutants takes no other flag$/],
    [['--mutant', 'no-such-mutant'], /serve --list-mutants/],
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

describe('serve stops with whoever started it', () => {
  // `npx messaging-conformance serve &` then `kill $!`: npm is killed and does not forward the
  // signal; here a shell stands for npm, killed with SIGKILL so that it cannot forward anything.
  it('a server whose starting shell is killed stops listening', async () => {
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" serve --port 0; true`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve printed no base URL: ${output}`)), 30_000);
      shell.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    expect((await fetch(`${baseUrl}/credits/consult`, { method: 'POST' })).status).toBe(401);
    shell.kill('SIGKILL');
    let listening = true;
    for (let i = 0; i < 40 && listening; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      listening = await fetch(`${baseUrl}/credits/consult`, { method: 'POST' }).then(
        () => true,
        () => false,
      );
    }
    expect(listening, `still listening 10 s after its parent was killed: ${output}`).toBe(false);
  }, 60_000);
});

describe('serve --list-mutants', () => {
  it('lists every fault --mutant takes, one line each, and a bad --mutant points to it', () => {
    const listed = spawnSync(process.execPath, [BIN, 'serve', '--list-mutants'], { encoding: 'utf8', timeout: 40_000 });
    expect(listed.status).toBe(0);
    const ids = listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(ids).toEqual(MUTANTS.map((m) => m.id));
    const bad = spawnSync(process.execPath, [BIN, 'serve', '--mutant', 'bogus'], { encoding: 'utf8', timeout: 40_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/serve --list-mutants/);
    // Two starts of the CLI one after the other: on a loaded machine each can take most of the default 30 s.
  }, 90_000);
});
