/**
 * The state the workers of one run share (harness/kit/run-state.ts): a value decided once per run
 * however many tests and processes ask at once, counts updated by concurrent processes without
 * losing one, nothing of another run met, and the run's folder gone once the certify process
 * removes it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { decideOncePerRun, readRunState, removeRunState, runStateFolder, updateRunState, type RunPlace } from '../harness/kit/run-state.ts';
import { PROJECT_ROOT } from '../harness/config/project-paths.ts';
import { fileScratchDir } from './scratch-dir.ts';

const outDir = fileScratchDir('mc-run-state-');
const Counter = z.object({ n: z.number().int() });
const Decision = z.object({ by: z.string() });

/** Runs `code` (an ES module body that may await) in a separate Node process with the project's TypeScript loader. */
function inChild(code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: PROJECT_ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (status) => (status === 0 ? resolve(out) : reject(new Error(`child exited ${status}: ${err}`))));
  });
}

describe('run state', () => {
  it('decides once: concurrent callers share the first decision; a decision that failed is taken again', async () => {
    const place: RunPlace = { outDir, runId: 'once1' };
    let decided = 0;
    const decide = async () => {
      decided += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { by: `caller ${decided}` };
    };
    const all = await Promise.all(Array.from({ length: 6 }, () => decideOncePerRun(place, 'probe', Decision, decide, 5_000)));
    expect(decided).toBe(1);
    expect(new Set(all.map((d) => d.by))).toEqual(new Set(['caller 1']));

    const other: RunPlace = { outDir, runId: 'once2' };
    await expect(decideOncePerRun(other, 'probe', Decision, () => Promise.reject(new Error('could not probe')), 5_000)).rejects.toThrow('could not probe');
    expect(readRunState(other, 'probe', Decision), 'a failed decision writes nothing').toBeUndefined();
    expect(await decideOncePerRun(other, 'probe', Decision, async () => ({ by: 'second' }), 5_000)).toEqual({ by: 'second' });
    expect(readRunState(place, 'probe', Decision), 'runs never meet').toEqual({ by: 'caller 1' });
  });

  it('loses no update of concurrent processes, and a decision made in one process holds in the others', async () => {
    const place: RunPlace = { outDir, runId: 'procs3' };
    const module = JSON.stringify(join(PROJECT_ROOT, 'harness/kit/run-state.ts'));
    const placeJson = JSON.stringify(place);
    const worker = (label: string) =>
      inChild(
        `
        const { updateRunState, decideOncePerRun } = await import(${module});
        const { z } = await import('zod');
 ` +
          `       const place = ${placeJson};
        const Counter = z.object({ n: z.number().int() });
        for (let i = 0; i ` +
          `< 40; i++) await updateRunState(place, 'count', Counter, { n: 0 }, (s) => ({ state: { n: s.n + 1 }, result: undefined }));
 ` +
          `       const d = await decideOncePerRun(place, 'probe', z.object({ by: z.string() }), async () => { await new Promise((r) ` +
          `=> setTimeout(r, 100)); return { by: ${JSON.stringify(label)} }; }, 10_000);
        process.stdout.write(d.by);
      `,
      );
    const decisions = await Promise.all(['a', 'b', 'c', 'd'].map(worker));
    expect(readRunState(place, 'count', Counter)).toEqual({ n: 160 });
    expect(new Set(decisions).size, `every process read the one decision (${decisions.join(', ')})`).toBe(1);
  }, 60_000);

  it('updates under the lock: the result is computed from the state it replaces', async () => {
    const place: RunPlace = { outDir, runId: 'upd4' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => updateRunState(place, 'count', Counter, { n: 0 }, (s) => ({ state: { n: s.n + 1 }, result: s.n + 1 }))),
    );
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('is removed with its run, and leaves the folders of other runs', async () => {
    const mine: RunPlace = { outDir, runId: 'gone5' };
    const other: RunPlace = { outDir, runId: 'kept6' };
    await updateRunState(mine, 'count', Counter, { n: 0 }, () => ({ state: { n: 1 }, result: undefined }));
    await updateRunState(other, 'count', Counter, { n: 0 }, () => ({ state: { n: 1 }, result: undefined }));
    removeRunState(mine);
    expect(existsSync(runStateFolder(mine))).toBe(false);
    expect(readRunState(other, 'count', Counter)).toEqual({ n: 1 });
  });
});
