/**
 * Every flag of `messaging-conformance certify`, once: this table is the parser of the command
 * line, the checker of the API's certify() options (CertifyOptions is derived from it), the
 * --help text and the flag reference of docs/cli.md. To add a flag: add its entry here (and, if
 * it combines with others, a rule below), then read it where the run uses it
 * (commands/certification-run.ts runCertification); `npm run docs:cli` then writes its row into
 * docs/cli.md (`npm test`'s cli-help test fails until it is written).
 *
 * Light: schemas/areas.ts, schemas/latitudes.ts and run-seed.ts only; requirement and mutant ids
 * are checked against catalogues loaded only when --requirements or --mutant is given.
 */
import { AREAS, type AreaId } from '../../schemas/areas.ts';
import { PERSONALITIES } from '../../schemas/latitudes.ts';
import { defineCommand, httpUrl, id, idList, number, oneOf, path, text, toggle, type ArgsOf, type OptionsOf } from './flag-table.ts';
import { DEFAULT_SEED, MAX_SEED } from './run-seed.ts';
import { ROUTE_FLAGS, routeRules } from './route-flags.ts';

/** --max-duration's default: a full certification of the embedded server takes well under a minute, a remote one a few. */
export const DEFAULT_MAX_DURATION_SECONDS = 20 * 60;

/** What fails the gate (report/summary.ts FAIL_ON, which certify-command.ts holds equal to this at compile time). */
export const FAIL_ON_CHOICES = ['failure', 'regression'] as const;

export const CERTIFY_FLAGS = defineCommand({
  command: 'certify',
  synopsis: 'certify a target against the document and write the reports (exit 0 passed, 1 failed, 2 usage or configuration error)',
  flags: {
    target: {
      flag: 'target',
      kind: httpUrl(),
      env: 'MC_TARGET',
      help: 'base URL (http or https) of the target to certify',
      defaultHelp: 'the embedded reference server, started in this process',
    },
    // 5.1: the key of the account the calls are made with; 5.2: a secret of the run, redacted everywhere.
    apiKey: {
      flag: 'api-key',
      kind: text('KEY'),
      env: 'MC_API_KEY',
      help: "key of the target's account under test (required with --target)",
      defaultHelp: 'none',
    },
    // 5.3: a manager key administers subaccounts (4.11), in which each suite file then works apart.
    managerKey: {
      flag: 'manager-key',
      kind: text('KEY'),
      env: 'MC_MANAGER_KEY',
      help: 'key of a manager account: each suite file works in a fresh subaccount, files run in parallel',
      defaultHelp: 'none: files run one after the other in the account',
    },
    profile: {
      flag: 'profile',
      kind: text('FILE'),
      env: 'MC_PROFILE',
      help: "the target's profile (YAML or JSON): ambiguity options, capabilities, phone numbers, pacing; `discover` writes one",
      defaultHelp: "the default profile (the embedded server's own without --target)",
    },
    out: {
      flag: 'out',
      kind: path('DIR', 'reports'),
      help: 'folder of the reports: summary.md, summary.json, junit.xml, allure-report/, spec-document.html (the document coloured by the run)',
      defaultHelp: 'reports',
    },
    only: {
      flag: 'only',
      kind: idList<AreaId>('AREA[,AREA...]', { noun: 'area', ids: AREAS.map((a) => a.id), hint: `areas: ${AREAS.map((a) => a.id).join(', ')}` }),
      help: `only the suite files of these areas (${AREAS.map((a) => a.id).join(', ')})`,
      defaultHelp: 'every area',
    },
    // 4.14: the target calls the webhook; one that cannot reach this machine needs a public URL in front of it.
    webhookPublicUrl: {
      flag: 'webhook-public-url',
      kind: httpUrl(),
      help: "public URL in front of this machine's webhook receiver, for a target that cannot reach it",
      defaultHelp: 'none: the receiver listens on loopback',
    },
    allowCharges: {
      flag: 'allow-charges',
      kind: toggle(),
      help: "let sends that may be charged go to the profile's phone numbers",
      defaultHelp: 'off (always on for the embedded server)',
    },
    // 2.2: credit is the credits a send consumed; the guard counts them against this budget.
    maxCredits: {
      flag: 'max-credits',
      kind: number('N', { min: 0, takes: 'a number of credits' }),
      help: 'stop the run once the credits consumed reach N',
      defaultHelp: 'no limit',
    },
    expectedFailures: {
      flag: 'expected-failures',
      kind: text('FILE'),
      help: 'known deviations (requirement ids or test names, with reasons); one that passes fails the run',
      defaultHelp: 'none',
    },
    realTime: {
      flag: 'real-time',
      kind: toggle(),
      help: 'certify the embedded server without its test clock: every wait is real',
      defaultHelp: 'off (test clock)',
    },
    html: { flag: 'no-html', kind: toggle(true), help: 'skip the Allure HTML report (allure-results/ is still written)', defaultHelp: 'the report is written' },
    requirements: {
      flag: 'requirements',
      kind: idList('ID[,ID...]', { noun: 'requirement id', catalogue: 'requirement', hint: 'see schemas/requirements.ts' }),
      help: 'only the tests that name one of these requirement ids',
      defaultHelp: 'every test',
    },
    mutant: {
      flag: 'mutant',
      kind: id('ID', { noun: 'mutant', catalogue: 'mutant', hint: 'list them with: messaging-conformance serve --list-mutants' }),
      help: 'inject one fault of the mutant registry into the embedded server (the kill matrix)',
      defaultHelp: 'none',
    },
    personality: {
      flag: 'personality',
      kind: oneOf(PERSONALITIES),
      default: 'default',
      help: "the embedded server's choice at every open point of the document",
      defaultHelp: 'default',
    },
    strict: { flag: 'strict', kind: toggle(), help: 'warnings (failed SHOULD statements) fail the run too', defaultHelp: 'off' },
    // What the verdict rests on is part of it: a PASS over half the suite is no PASS over the document (report/run-coverage.ts).
    minCoverage: {
      flag: 'min-coverage',
      kind: number('PCT', { min: 0, max: 100, takes: 'a percentage from 0 to 100' }),
      help:
        'fail the run (exit 1) when fewer than PCT % of its tests decided (passed, failed, warned or recorded; ' +
        'skipped, not testable, inconclusive and broken tests decide nothing)',
      defaultHelp: 'none: the coverage is reported, not judged',
    },
    maxDuration: {
      flag: 'max-duration',
      kind: number('SECONDS', { above: 0, takes: 'a number of seconds greater than 0' }),
      default: DEFAULT_MAX_DURATION_SECONDS,
      help: 'deadline of the whole run: past it the run is cancelled, what did not finish is reported, exit 2',
      defaultHelp: `${DEFAULT_MAX_DURATION_SECONDS} (${DEFAULT_MAX_DURATION_SECONDS / 60} minutes)`,
    },
    seed: {
      flag: 'seed',
      kind: number('N', { whole: true, min: 0, max: MAX_SEED, takes: `a whole number from 0 to ${MAX_SEED}` }),
      default: DEFAULT_SEED,
      help: 'seed of the random choices that decide what is asserted (fuzzing, the OTP model): the same target and seed give the same verdicts',
      defaultHelp: String(DEFAULT_SEED),
    },
    baseline: {
      flag: 'baseline',
      kind: path('FILE'),
      help:
        'summary.json of an earlier run of the same target: summary.md opens with ' +
        'what newly failed, passed, warned or broke, summary.json has it under baseline',
      defaultHelp: 'none',
    },
    failOn: {
      flag: 'fail-on',
      kind: oneOf(FAIL_ON_CHOICES),
      default: 'failure',
      help:
        'what fails the run (exit 1): any failed or broken test, or with regression only one the ' +
        '--baseline run did not have (a leaked key, a run error, an incomplete run still fail)',
      defaultHelp: 'failure',
    },
    har: { flag: 'har', kind: path('FILE'), help: 'every exchange of the run, redacted, in HAR 1.2', defaultHelp: 'none' },
    // A target behind a gateway, a private certificate authority, a mutual-TLS edge or a proxy (route-flags.ts, shared with discover).
    ...ROUTE_FLAGS,
  },
  rules: [
    { refuses: (a) => a.target !== undefined && !a.apiKey, message: '--target needs --api-key (or MC_API_KEY)' },
    {
      refuses: (a) => a.target === undefined && Boolean(a.apiKey || a.managerKey),
      message: '--api-key and --manager-key need --target (without it the embedded server is certified with its own keys)',
    },
    { refuses: (a) => a.target !== undefined && a.mutant !== undefined, message: '--mutant applies to the embedded server only' },
    { refuses: (a, given) => a.target !== undefined && given.has('personality'), message: '--personality applies to the embedded server only' },
    {
      refuses: (a) => a.target !== undefined && a.realTime,
      message: "--real-time applies to the embedded server only (a target's clock is declared in its profile)",
    },
    {
      refuses: (a) => a.failOn === 'regression' && a.baseline === undefined,
      message: '--fail-on regression needs --baseline (the earlier summary.json whose failures are known)',
    },
    ...routeRules(),
  ],
});

/** The checked arguments of a certification. */
export type CertifyArgs = ArgsOf<typeof CERTIFY_FLAGS.flags>;
/** certify()'s options: the flags by their API names, every one optional as on the command line. */
export type CertifyFlagOptions = OptionsOf<typeof CERTIFY_FLAGS.flags>;
