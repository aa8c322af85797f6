/**
 * Tests that need a real number in a clean state serialize per number across the
 * run's worker processes, through lock files in the run's output folder (harness/kit/phone-number-locks.ts):
 * one holder per number, bounded waiting, no number held while waiting for others, a dead holder's
 * lock taken over, the folder gone once every number is back.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdNumbers, lockFolder } from '../harness/kit/phone-number-locks.ts';
import { fileScratchDir } from './scratch-dir.ts';

const outDir = fileScratchDir('mc-number-locks-');
const NUMBERS = ['5511110001', '5511110002'];

describe('holdNumbers', () => {
  it('gives a number to one holder at a time; a waiter gets it once released, or nothing past its wait', async () => {
    const runId = 'one1';
    const first = await holdNumbers({ outDir, runId, candidates: NUMBERS.slice(0, 1), count: 1, waitMs: 0 });
    expect(first?.numbers).toEqual(['5511110001']);
    expect(await holdNumbers({ outDir, runId, candidates: NUMBERS.slice(0, 1), count: 1, waitMs: 150, pollMs: 20 })).toBeUndefined();
    const waiting = holdNumbers({ outDir, runId, candidates: NUMBERS.slice(0, 1), count: 1, waitMs: 5_000, pollMs: 20 });
    setTimeout(() => first!.release(), 100);
    const second = await waiting;
    expect(second?.numbers).toEqual(['5511110001']);
    second!.release();
    second!.release();
    expect(existsSync(lockFolder(outDir, runId)), "the run's lock folder is gone once every number is back").toBe(false);
  });

  it('takes any free numbers, and holds none while it waits for more than are free', async () => {
    const runId = 'two2';
    const one = await holdNumbers({ outDir, runId, candidates: NUMBERS, count: 1, waitMs: 0 });
    const other = await holdNumbers({ outDir, runId, candidates: NUMBERS, count: 1, waitMs: 0 });
    expect([one?.numbers, other?.numbers]).toEqual([['5511110001'], ['5511110002']]);
    other!.release();
    expect(await holdNumbers({ outDir, runId, candidates: NUMBERS, count: 2, waitMs: 100, pollMs: 20 })).toBeUndefined();
    expect(readdirSync(lockFolder(outDir, runId)), 'the free number was given back after the wait').toEqual(['5511110001.lock']);
    expect(await holdNumbers({ outDir, runId, candidates: NUMBERS, count: 3, waitMs: 0 }), 'more than there are: nothing').toBeUndefined();
    one!.release();
  });

  it("is shared between processes: a live process's lock holds, a dead one's is taken over", async () => {
    const runId = 'proc3';
    const folder = lockFolder(outDir, runId);
    mkdirSync(folder, { recursive: true });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    try {
      writeFileSync(join(folder, '5511110001.lock'), `${sleeper.pid}\n`);
      expect(await holdNumbers({ outDir, runId, candidates: NUMBERS.slice(0, 1), count: 1, waitMs: 100, pollMs: 20 })).toBeUndefined();
    } finally {
      sleeper.kill();
    }
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(folder, '5511110001.lock'), `${gone.stdout}\n`);
    const taken = await holdNumbers({ outDir, runId, candidates: NUMBERS.slice(0, 1), count: 1, waitMs: 1_000, pollMs: 20 });
    expect(taken?.numbers).toEqual(['5511110001']);
    taken!.release();
  });
});
