/**
 * Every flag of `messaging-conformance serve`, once (flag-table.ts): the parser of the command
 * line, the --help text and docs/cli.md's table. Each flag's API name is the option of
 * startReferenceServer() it sets (reference/options.ts), where there is one; the ranges here are
 * those options' own, so that a bad value is refused before the server's module is loaded.
 */
import { AMBIGUITIES } from '../../schemas/ambiguities.ts';
import { PERSONALITIES } from '../../schemas/latitudes.ts';
import { UsageError } from './cli-errors.ts';
import { defineCommand, id, number, numberList, oneOf, text, textList, toggle, type ArgsOf, type ValueKind } from './flag-table.ts';

/** `--ambiguity ID=OPTION`: one choice of the ambiguity register (schemas/ambiguities.ts), checked against it. */
function ambiguityChoice(): ValueKind<readonly [string, string], [string, string]> {
  const check = (flag: string, pair: string): [string, string] => {
    const [ambiguity, option, ...rest] = pair.split('=');
    if (!ambiguity || !option || rest.length > 0) throw new UsageError(`--${flag} takes ID=OPTION, got "${pair}"`);
    const entry = AMBIGUITIES.find((a) => a.id === ambiguity);
    if (!entry) throw new UsageError(`--${flag}: unknown ambiguity id "${ambiguity}" (known: ${AMBIGUITIES.map((a) => a.id).join(', ')})`);
    if (!entry.options.some((o) => o.id === option))
      throw new UsageError(`--${flag}: unknown option "${option}" of ${ambiguity} (options: ${entry.options.map((o) => o.id).join(', ')})`);
    return [ambiguity, option];
  };
  return {
    placeholder: 'ID=OPTION',
    absent: () => undefined,
    apiType: '[string, string]',
    fromText: (t, flag) => check(flag, t),
    fromValue: (v, flag) => check(flag, `${v[0]}=${v[1]}`),
  };
}

/** The reference server's own floor for the seeded keys (reference/options.ts managerKey, accountKey): the document states no key format. */
const KEY_LENGTH = 8;

export const SERVE_FLAGS = defineCommand({
  command: 'serve',
  synopsis:
    'start the reference server and print its base URL and keys (Ctrl-C stops it). In CI: `npx messaging-conformance serve ' +
    '--port 8080 &` then `kill $!` when done: the server also stops when npx, npm or the shell that started it is gone',
  flags: {
    host: { flag: 'host', kind: text('H', { minLength: 1 }), help: 'address to listen on', defaultHelp: '127.0.0.1' },
    port: {
      flag: 'port',
      kind: number('N', { whole: true, min: 0, max: 65535, takes: 'a whole number from 0 to 65535' }),
      help: 'port to listen on (0: any free port)',
      defaultHelp: '0',
    },
    managerKey: {
      flag: 'manager-key',
      kind: text('K', { minLength: KEY_LENGTH }),
      help: `key of the seeded manager account (at least ${KEY_LENGTH} characters)`,
      defaultHelp: 'random',
    },
    accountKey: {
      flag: 'account-key',
      kind: text('K', { minLength: KEY_LENGTH }),
      help: `key of the seeded normal account (at least ${KEY_LENGTH} characters)`,
      defaultHelp: 'random',
    },
    // 4.14 forbids local hosts for a webhook; the flag lets a receiver on this machine register.
    allowLoopbackWebhooks: {
      flag: 'allow-loopback-webhooks',
      kind: toggle(),
      help: 'let a webhook receiver on this machine register (the document forbids local hosts)',
      defaultHelp: 'off',
    },
    testClock: {
      flag: 'test-clock',
      kind: toggle(),
      help: 'test hooks under /__test: a virtual clock per domain and simulated replies',
      defaultHelp: 'off: nothing beyond the documented API',
    },
    // 8: 100 messages per second, the server's default.
    rateLimit: {
      flag: 'rate-limit',
      kind: number('N', { whole: true, min: 0, takes: 'a whole number' }),
      help: 'requests per second per key; 0 lifts the limit',
      defaultHelp: '100',
    },
    // 5.4: the IP allow-list of an account.
    restrictedAllowList: {
      flag: 'restricted-allow-list',
      kind: textList('IP[,IP...]'),
      help: 'the IP allow-list of the third seeded account (one that excludes this machine)',
      defaultHelp: '192.0.2.1',
    },
    ambiguity: {
      flag: 'ambiguity',
      kind: ambiguityChoice(),
      multiple: true,
      cliOnly: true,
      help: 'the option taken on one ambiguity of the register',
      defaultHelp: "the register's default, or the personality's",
    },
    ambiguitiesFile: {
      flag: 'ambiguities',
      kind: text('FILE', { minLength: 1 }),
      cliOnly: true,
      help: 'ambiguity options from a file, JSON or YAML: {ambiguities: {ID: OPTION}}',
      defaultHelp: 'none',
    },
    mutant: {
      flag: 'mutant',
      kind: id('ID', { noun: 'mutant', catalogue: 'mutant', hint: 'list them with: messaging-conformance serve --list-mutants' }),
      help: 'inject one fault of the mutant registry',
      defaultHelp: 'none',
    },
    writeProfile: {
      flag: 'write-profile',
      kind: text('FILE', { minLength: 1 }),
      cliOnly: true,
      help:
        'write the profile of what this server offers to FILE (YAML: its ambiguity options, capabilities, limits, phone numbers, ' +
        'the restricted key by reference) for certify --profile',
      defaultHelp: 'none',
    },
    listMutants: {
      flag: 'list-mutants',
      kind: toggle(),
      cliOnly: true,
      help: 'print the id, section, requirement and description of every fault --mutant takes, and exit',
      defaultHelp: 'off',
    },
    personality: { flag: 'personality', kind: oneOf(PERSONALITIES), help: 'the choice made at every open point of the document', defaultHelp: 'default' },
    // 6.3 states retries ("up to 25") but no schedule.
    eventRetryScheduleSeconds: {
      flag: 'event-retry-schedule',
      kind: numberList('S[,S...]', 'seconds separated by commas (10,30,60)'),
      help:
        'seconds before each successive retry of an event not answered 200, the last ' +
        'repeating (6.3 gives no schedule; 10,30,60 retries as slowly as a real server)',
      defaultHelp: '1 s between retries',
    },
  },
  rules: [{ refuses: (a, given) => a.listMutants && given.size > 1, message: '--list-mutants takes no other flag' }],
});

export type ServeArgs = ArgsOf<typeof SERVE_FLAGS.flags>;
