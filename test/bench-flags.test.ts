/**
 * `npm run bench`'s flags, as its user meets them: `--help` prints every flag and exits 0; an
 * unknown flag or a bad value is one line naming it and exit 2, as the CLI's usage errors are.
 * Nothing is measured: each case ends before the first part starts.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

const TSX = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('tsx/cli');
const bench = (...flags: string[]) =>
  spawnSync(process.execPath, [TSX, join(PACKAGE_ROOT, 'test', 'bench', 'run.ts'), ...flags], { encoding: 'utf8', timeout: 60_000 });

describe('npm run bench -- FLAGS', () => {
  it('--help lists every flag and exits 0', () => {
    const r = bench('--help');
    expect(r.status).toBe(0);
    for (const flag of ['--skip', '--certify', '--npm-test', '--ci-timing', '--duration', '--rounds', '--connections', '--memory-requests', '--out', '--check'])
      expect(r.stdout, flag).toContain(flag);
  });

  it.each([
    [['--bogus'], /^bench: Unknown option '--bogus'/],
    [['--skip', 'nothing'], /^bench: --skip: unknown part "nothing"/],
    [['--certify', 'fast'], /^bench: --certify: unknown mode "fast"/],
    [['--rounds', '0'], /^bench: --rounds takes a positive integer, got "0"/],
  ])('%j: one line naming it, exit 2', (flags, line) => {
    const r = bench(...flags);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(line);
  });
});
