/**
 * Every flag of `messaging-conformance discover`, once (flag-table.ts): the parser of the command
 * line, the checker of the API's discover() options, the --help text and docs/cli.md's table.
 */
import { defineCommand, httpUrl, number, text, type ArgsOf, type OptionsOf } from './flag-table.ts';
import { ROUTE_FLAGS, routeRules } from './route-flags.ts';

export const DISCOVER_FLAGS = defineCommand({
  command: 'discover',
  synopsis: 'run the safe probes behind the ambiguities and write the profile the target matches, commented, to review',
  flags: {
    target: {
      flag: 'target',
      kind: httpUrl(),
      env: 'MC_TARGET',
      required: true,
      help: 'base URL (http or https) of the target to probe (required)',
      defaultHelp: 'none',
    },
    // 5.1: the probes call the API with the account's key.
    apiKey: {
      flag: 'api-key',
      kind: text('KEY', { minLength: 1 }),
      env: 'MC_API_KEY',
      required: true,
      help: "key of the target's account (required)",
      defaultHelp: 'none',
    },
    // 5.3, 4.11: subaccounts, made and archived by discover, keep the quota-spending probes out of the account.
    managerKey: {
      flag: 'manager-key',
      kind: text('KEY'),
      env: 'MC_MANAGER_KEY',
      help:
        'key of a manager account, recorded as the manager-key capability; the probes that ' +
        'spend sandbox quota or leave traces then run in subaccounts discover makes and archives',
      defaultHelp: 'none: those probes run in the account, and the sandbox daily limit and loyalty probes are skipped',
    },
    // Absent, the probe's own budget applies (discovery/discovery-sandbox-limit.ts DEFAULT_SANDBOX_BUDGET: the larger option of the register, and one more).
    sandboxBudget: {
      flag: 'sandbox-budget',
      kind: number('N', { whole: true, min: 0, takes: 'a whole number of sandbox sends' }),
      help: 'most sandbox sends the sandbox daily limit probe may spend (free, in a subaccount of its own); past it the profile says "at least N"',
      defaultHelp: '1001 (the larger option of 8, and one more); 0 skips the probe',
    },
    writeProfile: {
      flag: 'write-profile',
      kind: text('FILE', { minLength: 1 }),
      required: true,
      cliOnly: true,
      help: 'where to write the profile (required)',
      defaultHelp: 'none',
    },
    // The probes reach the target the way certify does (route-flags.ts).
    ...ROUTE_FLAGS,
  },
  rules: [...routeRules()],
});

export type DiscoverArgs = ArgsOf<typeof DISCOVER_FLAGS.flags>;
/** discover()'s options: target and apiKey required; the API writes no file, so no writeProfile. */
export type DiscoverFlagOptions = OptionsOf<typeof DISCOVER_FLAGS.flags>;
