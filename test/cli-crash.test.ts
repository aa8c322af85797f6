/**
 * The command line tells a usage error from a crash (harness/commands/cli-failure.ts, docs/cli.md):
 * a usage error and a target it could not reach are one line and exit 2; any other error is a fault
 * of the kit, printed as "internal error" with its stack trace, redacted, and exit 70. The kit has
 * no known crash to provoke, so the CLI's own path is proven with a stdout that throws, given from
 * outside the process (node --import), the way a broken environment would.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliFailureOf, INTERNAL_ERROR_EXIT_CODE, USAGE_EXIT_CODE } from '../harness/commands/cli-failure.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';
import { createRedactor } from '../harness/transport/redaction.ts';
import { TargetTimeoutError, TargetUnreachableError } from '../harness/transport/transport-error.ts';
import { testScratchDir } from './scratch-dir.ts';

const BIN = join(PACKAGE_ROOT, 'bin', 'messaging-conformance.js');

describe('how an error that reaches the command line is printed', () => {
  it('a usage error: its first line, exit 2', async () => {
    const ending = await cliFailureOf(new UsageError('--port takes a whole number from 0 to 65535, got "x"\nsecond line'));
    expect(ending).toEqual({ exitCode: USAGE_EXIT_CODE, stderr: 'messaging-conformance: --port takes a whole number from 0 to 65535, got "x"\n' });
  });

  it.each([
    ['unreachable', new TargetUnreachableError('POST http://127.0.0.1:1/credits/consult: connection refused')],
    ['timed out', new TargetTimeoutError('POST http://127.0.0.1:9/credits/consult timed out after 30 s (headers)')],
    ['unreachable, as the cause of another error', new Error('the probe failed', { cause: new TargetUnreachableError('GET http://127.0.0.1:1/ reset') })],
  ])('a target %s: one line, exit 2, no stack', async (_what, error) => {
    const ending = await cliFailureOf(error);
    expect(ending.exitCode).toBe(USAGE_EXIT_CODE);
    expect(ending.stderr.trim().split('\n')).toHaveLength(1);
    expect(ending.stderr).toMatch(/^messaging-conformance: (POST|GET) http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('any other error: "internal error", its stack trace, exit 70', async () => {
    let thrown: unknown;
    try {
      (undefined as unknown as { port: number }).port;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    const ending = await cliFailureOf(thrown);
    expect(ending.exitCode).toBe(INTERNAL_ERROR_EXIT_CODE);
    const [head, ...trace] = ending.stderr.trim().split('\n');
    expect(head).toMatch(/^messaging-conformance: internal error /);
    expect(trace[0]).toMatch(/^TypeError: Cannot read properties of undefined/);
    expect(trace.some((line) => line.includes('test/cli-crash.test.ts'))).toBe(true);
  });

  it('a thrown value that is no Error is a crash too', async () => {
    const ending = await cliFailureOf('a string, thrown');
    expect(ending.exitCode).toBe(INTERNAL_ERROR_EXIT_CODE);
    expect(ending.stderr).toContain('thrown: a string, thrown');
  });

  it("a crash's trace shows no key the process knows", async () => {
    const key = 'crash-test-key-8c1f27d4e9';
    createRedactor([key]);
    const ending = await cliFailureOf(new RangeError(`a profile built around ${key} went wrong`));
    expect(ending.exitCode).toBe(INTERNAL_ERROR_EXIT_CODE);
    expect(ending.stderr).toContain('RangeError: a profile built around ');
    expect(ending.stderr).not.toContain(key);
    expect(ending.stderr).toContain('[REDACTED]');
  });
});

describe('the command line', () => {
  it('a crash inside a command: exit 70, "internal error" and the stack on stderr', () => {
    // Every write to stdout throws: `--help` fails where it prints, inside the CLI's main.
    const hook = join(testScratchDir('mc-cli-crash-'), 'throwing-stdout.mjs');
    writeFileSync(hook, "process.stdout.write = () => { throw new TypeError('stdout refused the text'); };\n");
    const r = spawnSync(process.execPath, ['--import', hook, BIN, 'certify', '--help'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(INTERNAL_ERROR_EXIT_CODE);
    const [head, ...trace] = r.stderr.trim().split('\n');
    expect(head).toMatch(/^messaging-conformance: internal error /);
    expect(trace[0]).toBe('TypeError: stdout refused the text');
    expect(trace.some((line) => /^\s+at .*harness\/cli\.ts/.test(line))).toBe(true);
  });

  it('serve on a port in use: the system refused the address, one line and exit 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const r = spawnSync(process.execPath, [BIN, 'serve', '--port', String(port)], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(USAGE_EXIT_CODE);
      expect(r.stderr).toBe(`messaging-conformance: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a usage error stays one line and exit 2', () => {
    const r = spawnSync(process.execPath, [BIN, 'certify', '--bogus'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(USAGE_EXIT_CODE);
    expect(r.stderr).toBe("messaging-conformance: Unknown option '--bogus' (usage: messaging-conformance certify --help)\n");
  });
});
