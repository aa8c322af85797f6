/**
 * The benchmark's throughput comparison (test/bench/comparison.ts) on scripted figures: its servers
 * and its load generator are replaced, so that what is checked is its own logic, in a second. The
 * rounds interleave the contenders per operation; the median round is kept per contender and
 * operation; a ratio is the median of the ratios of neighbours in time (the same round), a bare
 * server answering only the credits/consult shape is every operation's baseline, a round where the
 * other contender did nothing is left out; every server started is stopped, last first, whatever happens.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compareThroughput } from './bench/comparison.ts';
import type { LoadSettings, Measurement } from './bench/throughput.ts';

const scripted = vi.hoisted(() => ({
  /** Requests per second per server and path, round after round. */
  rps: new Map<string, number[]>(),
  calls: new Map<string, number>(),
  stopped: [] as string[],
  loads: new Set<unknown>(),
  prismFails: false,
  referenceSendsKeys: true,
  measureFails: false,
}));

vi.mock('./bench/server-process.ts', () => ({
  startServerProcess: async (script: string) => {
    const name = script.replace(/-server\.ts$/, '');
    const keys = name === 'reference' && scripted.referenceSendsKeys ? { apiKey: 'key', listKey: 'list' } : {};
    return { ready: { type: 'ready', baseUrl: `http://${name}`, ...keys }, stop: async () => void scripted.stopped.push(name) };
  },
}));

vi.mock('./bench/prism.ts', () => ({
  startPrism: async () => {
    if (scripted.prismFails) throw new Error('no mock server here');
    return { baseUrl: 'http://prism', version: '5.0.0', stop: async () => void scripted.stopped.push('prism') };
  },
}));

vi.mock('./bench/throughput.ts', () => ({
  measure: async (baseUrl: string, requests: { path?: string }[], load: unknown): Promise<Measurement> => {
    if (scripted.measureFails) throw new Error('the load generator failed');
    scripted.loads.add(load);
    const key = `${baseUrl.replace('http://', '')} ${requests[0]?.path}`;
    const round = (scripted.calls.get(key) ?? 0) + 1;
    scripted.calls.set(key, round);
    const rps = scripted.rps.get(key)?.[round - 1];
    if (rps === undefined) throw new Error(`no figure scripted for ${key}, round ${round}`);
    // non2xx carries the round, so that the test sees which round was kept as the median.
    return { rps, requests: rps * 5, seconds: 5, non2xx: round, errors: 0, timeouts: 0, latencyP50Ms: 1, latencyP99Ms: 2 };
  },
}));

const LOAD: LoadSettings = { connections: 10, durationSeconds: 5, warmupSeconds: 1 };

beforeEach(() => {
  scripted.rps = new Map([
    ['bare-fastify /credits/consult', [2000, 2000, 4000]],
    ['bare-node-http /credits/consult', [4000, 2500, 5000]],
    ['reference /credits/consult', [1000, 3000, 2000]],
    ['reference /contacts/add', [600, 300, 1000]],
    ['reference /v2/otp', [500, 400, 300]],
    ['prism /credits/consult', [300, 200, 100]],
    ['prism /contacts/add', [100, 150, 300]],
    ['prism /v2/otp', [100, 0, 200]],
  ]);
  scripted.calls = new Map();
  scripted.stopped = [];
  scripted.loads = new Set();
  scripted.prismFails = false;
  scripted.referenceSendsKeys = true;
  scripted.measureFails = false;
});

const compare = (withPrism: boolean, log: string[] = []) => compareThroughput({ load: LOAD, rounds: 3, withPrism, log: (text) => log.push(text) });

describe('the throughput comparison of the benchmark', () => {
  it('interleaves the contenders per operation, round after round, under the same load', async () => {
    const log: string[] = [];
    const c = await compare(true, log);
    const ROUND = [
      'bare-fastify credits/consult',
      'bare-node-http credits/consult',
      'reference credits/consult',
      'prism credits/consult',
      'reference contacts/add',
      'prism contacts/add',
      'reference otp-v2/create',
      'prism otp-v2/create',
    ];
    expect(c.rounds.map((r) => `${r.contender} ${r.operation}`)).toEqual([...ROUND, ...ROUND, ...ROUND]);
    expect(log.slice(0, 3)).toEqual([
      '  round 1 bare-fastify credits/consult: 2000 rps, 1 non-2xx',
      '  round 1 bare-node-http credits/consult: 4000 rps, 1 non-2xx',
      '  round 1 reference credits/consult: 1000 rps, 1 non-2xx',
    ]);
    expect(log).toHaveLength(24);
    expect([...scripted.loads]).toEqual([LOAD]);
    expect(c.prismVersion).toBe('5.0.0');
    expect(c.failures).toEqual([]);
  });

  it('keeps the median round of each contender and operation', async () => {
    const c = await compare(true);
    const roundOf = (ms: Partial<Record<string, Measurement>>) => Object.fromEntries(Object.entries(ms).map(([op, m]) => [op, [m?.rps, m?.non2xx]]));
    expect(roundOf(c.median['bare-fastify'])).toEqual({ 'credits/consult': [2000, 2] });
    expect(roundOf(c.median['bare-node-http'])).toEqual({ 'credits/consult': [4000, 1] });
    expect(roundOf(c.median.reference)).toEqual({ 'credits/consult': [2000, 3], 'contacts/add': [600, 1], 'otp-v2/create': [400, 2] });
    expect(roundOf(c.median.prism)).toEqual({ 'credits/consult': [200, 2], 'contacts/add': [150, 2], 'otp-v2/create': [100, 1] });
  });

  it('takes the median of same-round ratios, against the bare servers credits/consult rounds, skipping a round of 0 rps', async () => {
    const c = await compare(true);
    // credits/consult on bare fastify: 1000/2000, 3000/2000, 2000/4000 -> 0.5 (the ratio of the medians would be 1).
    expect(c.referenceOver['bare-fastify']).toEqual({ 'credits/consult': 0.5, 'contacts/add': 0.25, 'otp-v2/create': 0.2 });
    // otp-v2/create: 500/4000, 400/2500, 300/5000 -> 0.125, rounded to two digits.
    expect(c.referenceOver['bare-node-http']).toEqual({ 'credits/consult': 0.4, 'contacts/add': 0.15, 'otp-v2/create': 0.13 });
    // otp-v2/create: Prism's 0 rps round is left out; of 1.5 and 5 the upper one.
    expect(c.referenceOver.prism).toEqual({ 'credits/consult': 15, 'contacts/add': 3.33, 'otp-v2/create': 5 });
  });

  it('goes on without Prism when it cannot start, saying why, and without asking for it when not wanted', async () => {
    scripted.prismFails = true;
    const failed = await compare(true);
    expect(failed.failures).toEqual(['Prism: no mock server here']);
    expect('prismVersion' in failed).toBe(false);
    expect(failed.median.prism).toEqual({});
    expect(failed.referenceOver.prism).toEqual({});
    expect(failed.rounds).toHaveLength(15);

    scripted.prismFails = false;
    scripted.calls = new Map();
    const without = await compare(false);
    expect(without.failures).toEqual([]);
    expect(without.rounds.some((r) => r.contender === 'prism')).toBe(false);
    expect('prismVersion' in without).toBe(false);
  });

  it('stops every server it started, last first, also when a measurement or the reference fails', async () => {
    await compare(true);
    expect(scripted.stopped).toEqual(['prism', 'bare-node-http', 'bare-fastify', 'reference']);

    scripted.stopped = [];
    scripted.measureFails = true;
    await expect(compare(true)).rejects.toThrow('the load generator failed');
    expect(scripted.stopped).toEqual(['prism', 'bare-node-http', 'bare-fastify', 'reference']);

    scripted.stopped = [];
    scripted.referenceSendsKeys = false;
    await expect(compare(true)).rejects.toThrow('the reference server process sent no key or list');
    expect(scripted.stopped).toEqual(['reference']);
  });
});
