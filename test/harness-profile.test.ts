/** The target profile and the expected failures: defaults, merging, one-line errors with paths, reconcile. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AMBIGUITIES, DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { CAPABILITY_IDS } from '../schemas/capabilities.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { loadExpectedFailures, parseExpectedFailures, reconcile, type ExpectedFailure, type TestResult } from '../harness/report/expected-failures.ts';
import { defaultedAmbiguities, defaultedAmbiguityLines } from '../harness/kit/defaulted-ambiguities.ts';
import { defaultProfile, loadProfile, parseProfile, TargetProfile } from '../harness/config/profile.ts';
import { PROFILE_REQUESTS_PER_SECOND } from '../harness/config/pacing-defaults.ts';
import { profileYaml } from '../harness/commands/discover-command.ts';
import { fileScratchDir } from './scratch-dir.ts';

const EXAMPLE = fileURLToPath(new URL('../examples/profile.example.yaml', import.meta.url));
const dir = fileScratchDir('harness-profile-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The UsageError message thrown by `fn` (fails the test if it throws anything else). */
function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const message = (e as UsageError).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error('expected a UsageError');
}

describe('target profile: defaults and what a file sets', () => {
  it('defaults: register choices, no capabilities, pacing and budgets of section 8', () => {
    const p = defaultProfile();
    expect(p.ambiguities).toEqual(DEFAULT_AMBIGUITY_CHOICES);
    expect(Object.keys(p.ambiguities)).toHaveLength(AMBIGUITIES.length);
    for (const id of CAPABILITY_IDS) expect(p.capabilities[id]).toBe(false);
    expect(p.capabilities.legacyOtpAttemptLimit).toBeUndefined();
    expect(p.phoneNumbers).toEqual([]);
    expect(p.pacing).toEqual({ requestsPerSecond: 20, retryOn429: true, maxRetries: 5 });
    expect(p.timeBudgets).toEqual({
      untimedWaitSeconds: 30,
      webhookDeliverySeconds: 30,
      otpCooldownSeconds: 35,
      expirySeconds: 90,
      eventRetriesSeconds: 30,
      requestSeconds: 30,
    });
    expect(p.keys).toBeUndefined();
  });

  it('the profile discover writes paces as a profile that sets none (one default, pacing-defaults.ts)', () => {
    const written = parseYaml(profileYaml('http://target.invalid', { ambiguities: new Map(), capabilities: {}, records: [] })) as { pacing?: unknown };
    expect(written.pacing).toEqual({ requestsPerSecond: PROFILE_REQUESTS_PER_SECOND });
    expect(parseProfile(written, 'written').pacing).toEqual(defaultProfile().pacing);
  });

  it('waits the document does not time take untimedWaitSeconds unless their own budget is set', () => {
    const common = parseProfile({ timeBudgets: { untimedWaitSeconds: 12 } }, 'p.yaml').timeBudgets;
    expect([common.webhookDeliverySeconds, common.eventRetriesSeconds]).toEqual([12, 12]);
    const own = parseProfile({ timeBudgets: { untimedWaitSeconds: 12, eventRetriesSeconds: 40 } }, 'p.yaml').timeBudgets;
    expect([own.webhookDeliverySeconds, own.eventRetriesSeconds]).toEqual([12, 40]);
    // A resolved profile parses to itself (the run configuration parses it again in every worker).
    expect(parseProfile(parseProfile({ timeBudgets: { webhookDeliverySeconds: 5 } }, 'p.yaml'), 'again').timeBudgets).toEqual(
      parseProfile({ timeBudgets: { webhookDeliverySeconds: 5 } }, 'p.yaml').timeBudgets,
    );
  });

  it('an empty file is the default profile, with a line saying so', () => {
    for (const [name, text] of [
      ['empty.yaml', '# nothing\n'],
      ['braces.yaml', '{}\n'],
    ] as const) {
      const notices: string[] = [];
      expect(loadProfile(file(name, text), (line) => notices.push(line))).toEqual(defaultProfile());
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(new RegExp(`^profile .*${name} is empty: every ambiguity takes its default`));
    }
    const notices: string[] = [];
    loadProfile(file('some.yaml', 'pacing:\n  maxRetries: 1\n'), (line) => notices.push(line));
    expect(notices).toEqual([]);
  });

  it('names every bad field, on one line', () => {
    const message = usageError(() =>
      parseProfile({ pacing: { requestsPerSecond: 500, maxRetries: -1 }, timeBudgets: { requestSeconds: 0 }, pacin: {}, keyz: {} }, 'profile.yaml'),
    );
    expect(message).toMatch(/^profile\.yaml: /);
    for (const part of [
      'pacing.requestsPerSecond: must be at most 100',
      'pacing.maxRetries: must be at least 0',
      'timeBudgets.requestSeconds: must be more than 0',
      'pacin: unknown field',
      'keyz: unknown field',
    ])
      expect(message).toContain(part);
  });

  it('merges partial choices over the defaults', () => {
    const p = parseProfile(
      {
        ambiguities: { 'sandbox-daily-limit': 1000, 'auth-error-http-status': 'body-200' },
        capabilities: { 'manager-key': true, 'legacy-otp-attempt-limit': true, legacyOtpAttemptLimit: 5 },
        phoneNumbers: [5512345678, '3312345678'],
        pacing: { requestsPerSecond: 100 },
        timeBudgets: { expirySeconds: 200 },
        keys: { restricted: 'restricted-key' },
      },
      'profile.yaml',
    );
    expect(p.ambiguities).toEqual({ ...DEFAULT_AMBIGUITY_CHOICES, 'sandbox-daily-limit': '1000', 'auth-error-http-status': 'body-200' });
    expect(p.capabilities['manager-key']).toBe(true);
    expect(p.capabilities['legacy-otp-attempt-limit']).toBe(true);
    expect(p.capabilities['fault-injection']).toBe(false);
    expect(p.capabilities.legacyOtpAttemptLimit).toBe(5);
    expect(p.phoneNumbers).toEqual(['5512345678', '3312345678']);
    expect(p.pacing).toEqual({ requestsPerSecond: 100, retryOn429: true, maxRetries: 5 });
    expect(p.timeBudgets.expirySeconds).toBe(200);
    expect(p.timeBudgets.otpCooldownSeconds).toBe(35);
    expect(p.keys).toEqual({ restricted: 'restricted-key' });
  });
});

describe('target profile: provenance, formats and the example file', () => {
  it("gives every ambiguity a provenance: the file's own, else declared when it names an option and defaulted when it does not", () => {
    const p = parseProfile(
      {
        ambiguities: { 'sandbox-daily-limit': 1000, 'otp-v2-lock-point': 'after-seventh-wrong' },
        ambiguityProvenance: { 'otp-v2-lock-point': 'observed', 'rate-limit-http-status': 'defaulted' },
      },
      'profile.yaml',
    );
    expect(p.ambiguityProvenance?.['otp-v2-lock-point']).toBe('observed');
    expect(p.ambiguityProvenance?.['sandbox-daily-limit']).toBe('declared');
    expect(p.ambiguityProvenance?.['rate-limit-http-status']).toBe('defaulted');
    expect(p.ambiguityProvenance?.['auth-error-http-status']).toBe('defaulted');
    expect(Object.keys(p.ambiguityProvenance ?? {}).sort()).toEqual(AMBIGUITIES.map((a) => a.id).sort());
    // An older profile without the field loads; what it names is declared.
    expect(loadProfile(file('old.yaml', 'ambiguities:\n  otp-v2-lock-point: after-seventh-wrong\n')).ambiguityProvenance?.['otp-v2-lock-point']).toBe(
      'declared',
    );
    // The run configuration carries the profile to the workers: a second parse keeps the provenance.
    expect(TargetProfile.parse(JSON.parse(JSON.stringify(p))).ambiguityProvenance).toEqual(p.ambiguityProvenance);
  });

  it('a failure names the ambiguities it read that were defaulted, with what to do', () => {
    const p = parseProfile({ ambiguities: { 'sandbox-daily-limit': 1000 }, ambiguityProvenance: { 'otp-v2-lock-point': 'observed' } }, 'profile.yaml');
    expect(defaultedAmbiguities(['otp-v2-lock-point', 'sandbox-daily-limit', 'rate-limit-http-status', 'rate-limit-http-status'], p)).toEqual([
      'rate-limit-http-status',
    ]);
    expect(defaultedAmbiguityLines(['rate-limit-http-status'], p)).toBe(
      "ambiguity rate-limit-http-status was defaulted (the register's default " +
        '"http-429", not observed): run discover or set rate-limit-http-status in the profile',
    );
    expect(defaultedAmbiguityLines(['otp-v2-lock-point'], p)).toBe('');
  });

  it('reads JSON as well as YAML', () => {
    const p = loadProfile(file('profile.json', JSON.stringify({ pacing: { maxRetries: 0 } })));
    expect(p.pacing.maxRetries).toBe(0);
  });

  it('the example file loads', () => {
    const p = loadProfile(EXAMPLE);
    expect(p.pacing.requestsPerSecond).toBe(20);
    expect(p.keys?.restricted).toBeTruthy();
  });
});

describe('target profile: refused values and unreadable files', () => {
  it.each<[string, unknown, string]>([
    ['unknown option', { ambiguities: { 'sandbox-daily-limit': 7 } }, 'profile.yaml: ambiguities.sandbox-daily-limit: unknown option "7" (options: 100, 1000)'],
    [
      'unknown ambiguity',
      { ambiguities: { 'no-such-ambiguity': 'x' } },
      'profile.yaml: ambiguities.no-such-ambiguity: unknown ambiguity (ids: auth-error-http-status, ',
    ],
    [
      'unknown capability',
      { capabilities: { teleportation: true } },
      'profile.yaml: capabilities.teleportation: unknown field (fields: capability ids (manager-key, ',
    ],
    ['capability not a boolean', { capabilities: { 'manager-key': 'yes' } }, 'profile.yaml: capabilities.manager-key: must be true or false'],
    [
      'parameter of a declared capability missing',
      { capabilities: { 'campaign-processing': true } },
      'profile.yaml: capabilities.campaignProcessingId: required when campaign-processing is true',
    ],
    ['parameter not whole', { capabilities: { legacyOtpAttemptLimit: 2.5 } }, 'profile.yaml: capabilities.legacyOtpAttemptLimit: must be a whole number'],
    ['parameter below 1', { capabilities: { legacyOtpCompanyMax: 0 } }, 'profile.yaml: capabilities.legacyOtpCompanyMax: must be at least 1'],
    [
      'area-code number not 10 digits',
      { capabilities: { unsupportedAreaCodeNumber: '99900' } },
      'profile.yaml: capabilities.unsupportedAreaCodeNumber: must be 10 digits',
    ],
    ['phone number not 10 digits', { phoneNumbers: ['5512345678', '+525512345678'] }, 'profile.yaml: phoneNumbers[1]: must be 10 digits'],
    ['phone numbers not a list', { phoneNumbers: '5512345678' }, 'profile.yaml: phoneNumbers: must be a list'],
    ['rate above the target limit', { pacing: { requestsPerSecond: 101 } }, 'profile.yaml: pacing.requestsPerSecond: must be at most 100'],
    ['rate of zero', { pacing: { requestsPerSecond: 0 } }, 'profile.yaml: pacing.requestsPerSecond: must be more than 0'],
    ['retries negative', { pacing: { maxRetries: -1 } }, 'profile.yaml: pacing.maxRetries: must be at least 0'],
    ['retryOn429 not a boolean', { pacing: { retryOn429: 'no' } }, 'profile.yaml: pacing.retryOn429: must be true or false'],
    [
      'misspelt field',
      { pacing: { requestPerSecond: 10 } },
      'profile.yaml: pacing.requestPerSecond: unknown field (fields: requestsPerSecond, retryOn429, maxRetries)',
    ],
    ['cooldown budget below the cooldown', { timeBudgets: { otpCooldownSeconds: 29 } }, 'profile.yaml: timeBudgets.otpCooldownSeconds: must be at least 30'],
    ['budget not a number', { timeBudgets: { webhookDeliverySeconds: '30s' } }, 'profile.yaml: timeBudgets.webhookDeliverySeconds: must be a number'],
    ['empty restricted key', { keys: { restricted: '' } }, 'profile.yaml: keys.restricted: must not be empty'],
    [
      'unknown provenance',
      { ambiguityProvenance: { 'otp-v2-lock-point': 'guessed' } },
      'profile.yaml: ambiguityProvenance.otp-v2-lock-point: must be one of observed, declared, defaulted',
    ],
    [
      'provenance of an unknown ambiguity',
      { ambiguityProvenance: { 'no-such-ambiguity': 'observed' } },
      'profile.yaml: ambiguityProvenance.no-such-ambiguity: unknown ambiguity (ids: ',
    ],
    [
      'unknown top-level field',
      { pacin: {} },
      'profile.yaml: pacin: unknown field (fields: ambiguities, ambiguityProvenance, capabilities, phoneNumbers, pacing, timeBudgets, limits, keys, headers)',
    ],
    ['not a mapping', ['pacing'], 'profile.yaml: must be a mapping (fields: ambiguities, '],
  ])('refuses %s, naming the path', (_, data, message) => {
    expect(usageError(() => parseProfile(data, 'profile.yaml'))).toContain(message);
  });

  it('an unreadable file or invalid YAML is one clear line', () => {
    expect(usageError(() => loadProfile(join(dir, 'missing.yaml')))).toMatch(/^cannot read profile file .*missing\.yaml \(ENOENT\)$/);
    const bad = file('bad.yaml', 'pacing: [1\n');
    expect(usageError(() => loadProfile(bad))).toMatch(/bad\.yaml is not valid YAML or JSON: .* at line 2, column 1$/);
    const dup = file('dup.yaml', 'pacing: {}\npacing: {}\n');
    expect(usageError(() => loadProfile(dup))).toMatch(/dup\.yaml is not valid YAML or JSON: Map keys must be unique/);
  });

  it('a file error names the file as given', () => {
    const path = file('profile.yaml', 'ambiguities:\n  sandbox-daily-limit: 7\n');
    expect(usageError(() => loadProfile(path))).toBe(`${path}: ambiguities.sandbox-daily-limit: unknown option "7" (options: 100, 1000)`);
  });
});

describe('expected failures', () => {
  it('keeps requirement ids and test names apart', () => {
    const path = file(
      'expected.yaml',
      '- id: err:auth_04\n  reason: the allow-list answers 401\n- id: "sms: accented text is stripped"\n  reason: " refused instead "\n',
    );
    expect(loadExpectedFailures(path)).toEqual([
      { id: 'err:auth_04', reason: 'the allow-list answers 401', kind: 'requirement' },
      { id: 'sms: accented text is stripped', reason: 'refused instead', kind: 'test' },
    ]);
    expect(loadExpectedFailures(file('none.yaml', ''))).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['missing reason', [{ id: 'err:auth_04', reason: 'x' }, { id: 'a test', reason: 'y' }, { id: 'err:sms_07' }], 'expected.yaml: [2].reason: required'],
    ['empty reason', [{ id: 'err:auth_04', reason: '  ' }], 'expected.yaml: [0].reason: must not be empty'],
    ['missing id', [{ reason: 'x' }], 'expected.yaml: [0].id: required'],
    ['empty id', [{ id: '', reason: 'x' }], 'expected.yaml: [0].id: must not be empty'],
    ['unknown requirement id', [{ id: 'err:no_such_code', reason: 'x' }], 'expected.yaml: [0].id: unknown requirement id "err:no_such_code"'],
    [
      'duplicate id',
      [
        { id: 'err:auth_04', reason: 'x' },
        { id: 'err:auth_04', reason: 'y' },
      ],
      'expected.yaml: [1].id: duplicate of [0]',
    ],
    ['unknown field', [{ id: 'err:auth_04', reason: 'x', until: '2025' }], 'expected.yaml: [0].until: unknown field (fields: id, reason)'],
    ['entry not a mapping', ['err:auth_04'], 'expected.yaml: [0]: must be a mapping (fields: id, reason)'],
    ['not a list', { 'err:auth_04': 'x' }, 'expected.yaml: must be a list of { id, reason }'],
  ])('refuses %s, naming the path', (_, data, message) => {
    expect(usageError(() => parseExpectedFailures(data, 'expected.yaml'))).toContain(message);
  });

  it('an unreadable file is one clear line', () => {
    expect(usageError(() => loadExpectedFailures(join(dir, 'missing.yaml')))).toMatch(/^cannot read expected-failures file /);
  });
});

describe('reconcile', () => {
  const expected: ExpectedFailure[] = parseExpectedFailures(
    [
      { id: 'err:auth_04', reason: 'answers 401' },
      { id: 'credits consult answers GET', reason: 'GET is refused' },
      { id: 'err:sms_07', reason: 'fixed in 2.3' },
      { id: 'limit:otp-v2-cooldown', reason: 'no cooldown' },
    ],
    'expected.yaml',
  );
  const results: TestResult[] = [
    { name: 'auth_04 on every endpoint', requirements: ['err:auth_04'], status: 'failed' },
    { name: 'auth_04 on the legacy v1 API', requirements: ['err:auth_04'], status: 'passed' },
    { name: 'credits consult answers GET', requirements: ['op:credits/consult'], status: 'failed' },
    { name: 'insufficient credits', requirements: ['err:sms_07'], status: 'passed' },
    { name: 'resend within the cooldown', requirements: ['limit:otp-v2-cooldown'], status: 'skipped' },
    { name: 'auth_04 and the success contract', requirements: ['err:auth_04', 'op:credits/consult'], status: 'failed' },
    { name: 'sandbox send', requirements: ['op:sms/send'], status: 'failed' },
  ];
  const r = reconcile(results, expected);

  it('gives each entry its outcome', () => {
    expect(r.entries.map((e) => [e.entry.id, e.outcome])).toEqual([
      ['err:auth_04', 'known-deviation'],
      ['credits consult answers GET', 'known-deviation'],
      ['err:sms_07', 'unexpected-pass'],
      ['limit:otp-v2-cooldown', 'not-run'],
    ]);
    expect(r.entries[2]!.tests).toEqual(['insufficient credits']);
    expect(r.entries[3]!.tests).toEqual([]);
  });

  it('tells which failures are covered', () => {
    expect(r.failures).toEqual([
      { test: 'auth_04 on every endpoint', covered: true, matchedBy: ['err:auth_04'] },
      { test: 'credits consult answers GET', covered: true, matchedBy: ['credits consult answers GET'] },
      // One of its two requirements is expected to fail: a failure of the other must not hide.
      { test: 'auth_04 and the success contract', covered: false, matchedBy: ['err:auth_04'] },
      { test: 'sandbox send', covered: false, matchedBy: [] },
    ]);
  });

  it('fails the run on an unexpected pass or an uncovered failure, not otherwise', () => {
    expect(r.ok).toBe(false);
    const onlyCovered = results.filter((t) => t.name !== 'auth_04 and the success contract' && t.name !== 'sandbox send');
    expect(reconcile(onlyCovered, expected).ok).toBe(false); // err:sms_07 passed: remove the entry
    expect(
      reconcile(
        onlyCovered,
        expected.filter((e) => e.id !== 'err:sms_07'),
      ).ok,
    ).toBe(true);
    expect(reconcile([], expected)).toMatchObject({ ok: true, failures: [] });
  });
});
