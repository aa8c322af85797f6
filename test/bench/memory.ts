/**
 * Memory under sustained writes: a fresh reference server in its own process (run with
 * --expose-gc so that each sample follows a full GC), then 100,000 state-changing requests in
 * equal batches, sampling the resident set after each. Three in four are OTP creates on distinct
 * numbers with a short expiry (each one sends, so it also fills the message log, 4.12, and
 * schedules a confirmation, 6.1); one in four is /contacts/add cycling over a fixed set of numbers.
 * Contacts are the account's own data, kept until deleted (4.6), so adding new ones would measure
 * storage the document asks for, not a leak; updating existing ones exercises the write path.
 *
 * Bounded means: once the server's caps are reached (50,000 OTP records and logged messages per
 * account, otp-v2-engine.ts and messaging.ts) the heap stops growing, so the growth over the last
 * batch, past those caps, is what tells a leak from a working set. The resident set is reported
 * too (the benchmark's record asks for it) but it keeps pages already freed, so it is the heap that is judged.
 */
import { contactAdd, otpCreate, type Target } from './loads.ts';
import { startServerProcess, type MemoryMessage } from './server-process.ts';
import { measure } from './throughput.ts';

interface MemorySample {
  requests: number;
  rssMiB: number;
  heapUsedMiB: number;
}

export interface MemoryReport {
  requests: number;
  gcRan: boolean;
  samples: MemorySample[];
  /** Resident set after all requests minus after warm-up. */
  rssGrowthMiB: number;
  /** The same over the last batch only (past the caps: near zero unless something leaks). */
  rssGrowthLastBatchMiB: number;
  heapGrowthMiB: number;
  heapGrowthLastBatchMiB: number;
  non2xx: number;
  errors: number;
}

const MiB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;
/** Let scheduled confirmations (confirmationDelayMs, 200 ms by default) fire before a sample. */
const SETTLE_MS = 1000;
const WARMUP_REQUESTS = 2000;
/** Seconds an OTP lives: short, so that nearly every record is expired when it is sampled. */
const OTP_EXPIRES_IN_SECONDS = 5;

export async function measureMemory(options: { requests: number; batches: number; connections: number }): Promise<MemoryReport> {
  const server = await startServerProcess('reference-server.ts', { exposeGc: true });
  try {
    const { baseUrl, apiKey, listKey } = server.ready;
    if (!apiKey || !listKey) throw new Error('the reference server process sent no key or list');
    const target: Target = { baseUrl, apiKey, listKey };
    const otp = otpCreate(target, { expiresInSeconds: OTP_EXPIRES_IN_SECONDS });
    const mix = [otp, otp, otp, contactAdd(target, { rotateOver: 1000 })];

    const sample = async (requests: number): Promise<{ sample: MemorySample; raw: MemoryMessage }> => {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const raw = await server.memory();
      return { raw, sample: { requests, rssMiB: round(raw.rss / MiB), heapUsedMiB: round(raw.heapUsed / MiB) } };
    };

    await measure(baseUrl, mix, { connections: options.connections, durationSeconds: 0, warmupSeconds: 0, amount: WARMUP_REQUESTS });
    const first = await sample(0);
    const samples = [first.sample];
    let non2xx = 0;
    let errors = 0;
    const perBatch = Math.ceil(options.requests / options.batches);
    for (let done = 0; done < options.requests; ) {
      const amount = Math.min(perBatch, options.requests - done);
      const m = await measure(baseUrl, mix, { connections: options.connections, durationSeconds: 0, warmupSeconds: 0, amount });
      done += amount;
      non2xx += m.non2xx;
      errors += m.errors;
      samples.push((await sample(done)).sample);
    }
    const last = samples[samples.length - 1]!;
    const beforeLast = samples[samples.length - 2]!;
    return {
      requests: options.requests,
      gcRan: first.raw.gcRan,
      samples,
      rssGrowthMiB: round(last.rssMiB - first.sample.rssMiB),
      rssGrowthLastBatchMiB: round(last.rssMiB - beforeLast.rssMiB),
      heapGrowthMiB: round(last.heapUsedMiB - first.sample.heapUsedMiB),
      heapGrowthLastBatchMiB: round(last.heapUsedMiB - beforeLast.heapUsedMiB),
      non2xx,
      errors,
    };
  } finally {
    await server.stop();
  }
}
