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

/** The servers the comparison started: stopped, last first, however the comparison ends. */
type Started = { stop(): Promise<void> }[];
type Step = { contender: Contender; operation: OperationName; target: Target };
type Rounds = Comparison['rounds'];

async function startReference(started: Started): Promise<Target> {
  const reference: ServerProcess = await startServerProcess('reference-server.ts');
  started.push(reference);
  const { baseUrl, apiKey, listKey } = reference.ready;
  if (!apiKey || !listKey) throw new Error('the reference server process sent no key or list');
  return { baseUrl, apiKey, listKey };
}

/** The bare servers answer the request of credits/consult (POST, apikey header, no body) with hello. */
async function startBareServers(referenceTarget: Target, started: Started): Promise<[Contender, Target][]> {
  const bareTargets: [Contender, Target][] = [];
  for (const [contender, script] of [
    ['bare-fastify', 'bare-fastify-server.ts'],
    ['bare-node-http', 'bare-node-http-server.ts'],
  ] as const) {
    const bare: ServerProcess = await startServerProcess(script);
    started.push(bare);
    bareTargets.push([contender, { ...referenceTarget, baseUrl: bare.ready.baseUrl }]);
  }
  return bareTargets;
}

/** Prism when it starts; when it does not, the reason joins the failures and the others are still compared. */
async function startPrismOrSayWhy(apiKey: string, started: Started, failures: string[]): Promise<PrismServer | undefined> {
  try {
    // Prism checks only that a key is present (its security scheme) and keeps no lists.
    const prism = await startPrism(apiKey);
    started.push(prism);
    return prism;
  } catch (e) {
    failures.push(`Prism: ${(e as Error).message}`);
    return undefined;
  }
}

/** One round: per operation, each contender in turn, so that neighbours in time measure the same operation. */
function planRound(bareTargets: [Contender, Target][], referenceTarget: Target, prismTarget: Target | undefined): Step[] {
  const plan: Step[] = [];
  for (const operation of OPERATION_NAMES) {
    if (operation === 'credits/consult') for (const [contender, target] of bareTargets) plan.push({ contender, operation, target });
    plan.push({ contender: 'reference', operation, target: referenceTarget });
    if (prismTarget) plan.push({ contender: 'prism', operation, target: prismTarget });
  }
  return plan;
}

async function measureRounds(plan: Step[], options: { load: LoadSettings; rounds: number; log: (text: string) => void }): Promise<Rounds> {
  const rounds: Rounds = [];
  for (let round = 1; round <= options.rounds; round++)
    for (const step of plan) {
      const measurement = await measure(step.target.baseUrl, requestsFor(step.operation, step.target), options.load);
      rounds.push({ contender: step.contender, operation: step.operation, measurement });
      options.log(`  round ${round} ${step.contender} ${step.operation}: ${Math.round(measurement.rps)} rps, ${measurement.non2xx} non-2xx`);
    }
  return rounds;
}

const roundsOf = (rounds: Rounds, contender: Contender, operation: OperationName): Rounds =>
  rounds.filter((r) => r.contender === contender && r.operation === operation);

function mediansOf(plan: Step[], rounds: Rounds): Comparison['median'] {
  const median: Comparison['median'] = { 'bare-fastify': {}, 'bare-node-http': {}, reference: {}, prism: {} };
  for (const step of plan) {
    const m = medianOf(roundsOf(rounds, step.contender, step.operation).map((r) => r.measurement));
    if (m) median[step.contender][step.operation] = m;
  }
  return median;
}

/** Reference rps over the other's in the same round, median over rounds, to two digits; a round where the other did nothing is left out. */
function referenceRatiosOf(rounds: Rounds): Comparison['referenceOver'] {
  const referenceOver: Comparison['referenceOver'] = { 'bare-fastify': {}, 'bare-node-http': {}, prism: {} };
  for (const other of OTHERS)
    for (const operation of OPERATION_NAMES) {
      // A bare server answers one request shape: every operation is compared to its rounds.
      const theirs = roundsOf(rounds, other, isBare(other) ? 'credits/consult' : operation);
      const paired = roundsOf(rounds, 'reference', operation)
        .flatMap((ours, i) => {
          const t = theirs[i];
          return t && t.measurement.rps > 0 ? [ours.measurement.rps / t.measurement.rps] : [];
        })
        .sort((a, b) => a - b);
      const middle = paired[Math.floor(paired.length / 2)];
      if (middle !== undefined) referenceOver[other][operation] = Math.round(middle * 100) / 100;
    }
  return referenceOver;
}

export async function compareThroughput(options: { load: LoadSettings; rounds: number; withPrism: boolean; log: (text: string) => void }): Promise<Comparison> {
  const failures: string[] = [];
  // Every server is started before any is measured: an idle server costs the others nothing.
  const started: Started = [];
  try {
    const referenceTarget = await startReference(started);
    const bareTargets = await startBareServers(referenceTarget, started);
    const prism = options.withPrism ? await startPrismOrSayWhy(referenceTarget.apiKey, started, failures) : undefined;
    const prismTarget: Target | undefined = prism ? { ...referenceTarget, baseUrl: prism.baseUrl } : undefined;
    const plan = planRound(bareTargets, referenceTarget, prismTarget);
    const rounds = await measureRounds(plan, options);
    return { median: mediansOf(plan, rounds), referenceOver: referenceRatiosOf(rounds), rounds, ...(prism ? { prismVersion: prism.version } : {}), failures };
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}
