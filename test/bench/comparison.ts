/**
 * Throughput side by side: the bare servers (fastify, the reference's framework, and node:http,
 * the platform under it), the reference server and Prism's mock, all
 * started first (idle servers cost nothing), then measured in interleaved rounds (bare, reference,
 * Prism for each operation, round after round) and summarised by the median round. On a shared
 * machine the background load drifts over minutes; interleaving puts every server under the same
 * drift, so the ratios hold better than their absolute figures.
 */
import { OPERATION_NAMES, requestsFor, type OperationName, type Target } from './loads.ts';
import { startPrism, type PrismServer } from './prism.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { measure, type LoadSettings, type Measurement } from './throughput.ts';

type Contender = 'bare-fastify' | 'bare-node-http' | 'reference' | 'prism';
const OTHERS = ['bare-fastify', 'bare-node-http', 'prism'] as const;
type Other = (typeof OTHERS)[number];
const isBare = (c: Contender): boolean => c === 'bare-fastify' || c === 'bare-node-http';

export interface Comparison {
  /** The median round of each contender and operation (bare servers: credits/consult-shaped requests only). */
  median: Record<Contender, Partial<Record<OperationName, Measurement>>>;
  /**
   * Reference rps over the other contender's in the same round, median over rounds: a ratio of
   * neighbours in time, so that the machine's drift between rounds cancels out.
   */
  referenceOver: Record<Other, Partial<Record<OperationName, number>>>;
  /** Every round, in order, for inspection. */
  rounds: { contender: Contender; operation: OperationName; measurement: Measurement }[];
  prismVersion?: string;
  /** Contenders that could not be started, with the reason. */
  failures: string[];
}

function medianOf(ms: Measurement[]): Measurement | undefined {
  const sorted = [...ms].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function compareThroughput(options: { load: LoadSettings; rounds: number; withPrism: boolean; log: (text: string) => void }): Promise<Comparison> {
  const failures: string[] = [];
  const started: { stop(): Promise<void> }[] = [];
  try {
    const reference: ServerProcess = await startServerProcess('reference-server.ts');
    started.push(reference);
    const { baseUrl, apiKey, listKey } = reference.ready;
    if (!apiKey || !listKey) throw new Error('the reference server process sent no key or list');
    const referenceTarget: Target = { baseUrl, apiKey, listKey };

    // The same request as credits/consult (POST, apikey header, no body), answered with hello.
    const bareTargets: [Contender, Target][] = [];
    for (const [contender, script] of [
      ['bare-fastify', 'bare-fastify-server.ts'],
      ['bare-node-http', 'bare-node-http-server.ts'],
    ] as const) {
      const bare: ServerProcess = await startServerProcess(script);
      started.push(bare);
      bareTargets.push([contender, { ...referenceTarget, baseUrl: bare.ready.baseUrl }]);
    }

    let prism: PrismServer | undefined;
    if (options.withPrism) {
      try {
        // Prism checks only that a key is present (its security scheme) and keeps no lists.
        prism = await startPrism(apiKey);
        started.push(prism);
      } catch (e) {
        failures.push(`Prism: ${(e as Error).message}`);
      }
    }
    const prismTarget: Target | undefined = prism ? { ...referenceTarget, baseUrl: prism.baseUrl } : undefined;

    const plan: { contender: Contender; operation: OperationName; target: Target }[] = [];
    for (const operation of OPERATION_NAMES) {
      if (operation === 'credits/consult') for (const [contender, target] of bareTargets) plan.push({ contender, operation, target });
      plan.push({ contender: 'reference', operation, target: referenceTarget });
      if (prismTarget) plan.push({ contender: 'prism', operation, target: prismTarget });
    }

    const rounds: Comparison['rounds'] = [];
    for (let round = 1; round <= options.rounds; round++)
      for (const step of plan) {
        const measurement = await measure(step.target.baseUrl, requestsFor(step.operation, step.target), options.load);
        rounds.push({ contender: step.contender, operation: step.operation, measurement });
        options.log(`  round ${round} ${step.contender} ${step.operation}: ${Math.round(measurement.rps)} rps, ${measurement.non2xx} non-2xx`);
      }

    const median: Comparison['median'] = { 'bare-fastify': {}, 'bare-node-http': {}, reference: {}, prism: {} };
    for (const step of plan) {
      const m = medianOf(rounds.filter((r) => r.contender === step.contender && r.operation === step.operation).map((r) => r.measurement));
      if (m) median[step.contender][step.operation] = m;
    }
    const referenceOver: Comparison['referenceOver'] = { 'bare-fastify': {}, 'bare-node-http': {}, prism: {} };
    const roundsOf = (contender: Contender, operation: OperationName) => rounds.filter((r) => r.contender === contender && r.operation === operation);
    for (const other of OTHERS)
      for (const operation of OPERATION_NAMES) {
        // A bare server answers one request shape: every operation is compared to its rounds.
        const theirs = roundsOf(other, isBare(other) ? 'credits/consult' : operation);
        const paired = roundsOf('reference', operation)
          .flatMap((ours, i) => {
            const t = theirs[i];
            return t && t.measurement.rps > 0 ? [ours.measurement.rps / t.measurement.rps] : [];
          })
          .sort((a, b) => a - b);
        const middle = paired[Math.floor(paired.length / 2)];
        if (middle !== undefined) referenceOver[other][operation] = Math.round(middle * 100) / 100;
      }
    return { median, referenceOver, rounds, ...(prism ? { prismVersion: prism.version } : {}), failures };
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}
