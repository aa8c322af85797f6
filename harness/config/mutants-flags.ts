/**
 * Every flag of `npm run mutants` (commands/mutants-command.ts, the kill matrix), once
 * (flag-table.ts): its parser, its --help text and docs/cli.md's table.
 */
import { availableParallelism } from 'node:os';
import { AREAS, type AreaId } from '../../schemas/areas.ts';
import { PERSONALITIES } from '../../schemas/latitudes.ts';
import { defineCommand, idList, number, oneOf, path, toggle } from './flag-table.ts';

/** About one run per core but one: the certify children share the machine with this process. */
const DEFAULT_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const DEFAULT_TIMEOUT_SECONDS = 900;

export const MUTANTS_FLAGS = defineCommand({
  command: 'mutants',
  invocation: 'npm run mutants --',
  synopsis:
    'certify the embedded reference server once without a fault, then once per mutant, ' +
    'and write which mutants the suite killed (exit 1 on a failed baseline or a survivor)',
  flags: {
    only: {
      flag: 'only',
      kind: idList('ID[,ID...]', { noun: 'mutant', catalogue: 'mutant', hint: 'list them with: messaging-conformance serve --list-mutants' }),
      help: 'only these mutants',
      defaultHelp: 'every mutant (of the --areas, when given)',
    },
    areas: {
      flag: 'areas',
      kind: idList<AreaId>('AREA[,AREA...]', { noun: 'area', ids: AREAS.map((a) => a.id), hint: `areas: ${AREAS.map((a) => a.id).join(', ')}` }),
      help: "only these areas' suite files, for the baseline and every mutant; without --only, the mutants of these areas' requirements",
      defaultHelp: 'every area',
    },
    concurrency: {
      flag: 'concurrency',
      kind: number('N', { whole: true, above: 0, takes: 'a whole number above 0' }),
      default: DEFAULT_CONCURRENCY,
      help: 'certify runs at once',
      defaultHelp: 'one per core but one',
    },
    out: {
      flag: 'out',
      kind: path('DIR', 'reports'),
      help: 'folder of mutants.json and mutants.md; each run has its reports in <out>/mutants/<personality>/<id>/',
      defaultHelp: 'reports',
    },
    full: {
      flag: 'full',
      kind: toggle(),
      help: "certify every mutant with the whole suite (the complete killedBy lists), not first with its area's files",
      defaultHelp: 'off',
    },
    freshProcesses: {
      flag: 'fresh-processes',
      kind: toggle(),
      help: 'start a certify command of its own for every run, as a user runs it, instead of handing the runs to warm matrix processes',
      defaultHelp: 'off: a few warm processes, each run with its own embedded server and vitest',
    },
    timeout: {
      flag: 'timeout',
      kind: number('SECONDS', { whole: true, above: 0, takes: 'a whole number above 0' }),
      default: DEFAULT_TIMEOUT_SECONDS,
      help: 'most seconds one certify run may take',
      defaultHelp: String(DEFAULT_TIMEOUT_SECONDS),
    },
    personality: {
      flag: 'personality',
      kind: oneOf([...PERSONALITIES, 'both']),
      default: 'both',
      help: 'the reference personalities the matrix runs under',
      defaultHelp: 'both',
    },
  },
  rules: [],
});
