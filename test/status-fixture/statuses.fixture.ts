/**
 * Tests made to end with each status of harness/report/test-status.ts, run by run-statuses.ts the
 * way certify runs a suite file (req(), the kit's checks, the reporters). Not a conformance suite:
 * the target is a closed loopback port, and the requirement ids are only there because req()
 * needs them (one of each level, taken from the catalogue).
 */
import { expect } from 'vitest';
import { request } from 'undici';
import { REQUIREMENTS } from '../../schemas/requirements.ts';
import { checkAt, warnUnless, warnUnlessAsync } from '../../harness/kit/checks.ts';
import { Inconclusive } from '../../harness/kit/inconclusive.ts';
import { req } from '../../harness/kit/requirement-test.ts';
import { createHttpClient } from '../../harness/transport/http-client.ts';
import { createRedactor } from '../../harness/transport/redaction.ts';

const levelled = (level: 'fail' | 'warn') => REQUIREMENTS.find((r) => r.level === level && r.capability === undefined)!.id;
const STATED = levelled('fail');
const READING = levelled('warn');

// Port 1 on loopback: nothing listens, every call is refused (the target cannot be reached).
const client = createHttpClient({ baseUrl: 'http://127.0.0.1:1', redactor: createRedactor(['fixture-key-0001']) });
const callTheTarget = () => client.call({ method: 'POST', path: '/credits/consult', apiKey: 'fixture-key-0001' });

req([READING], 'warn level: a transport error inside warnUnlessAsync', async () => {
  await warnUnlessAsync('the follow-up answers', async () => {
    await callTheTarget();
  });
});

req([READING], 'warn level: a transport error thrown by the body', async () => {
  await callTheTarget();
});

req([READING], 'warn level: a reading that does not hold', async () => {
  warnUnless('one is two', () => expect(1).toBe(2));
});

req([STATED], 'fail level: undici refused, wrapped, inside checkAt at warn level', async () => {
  checkAt('warn', 'nothing', () => undefined);
  const refused = await request('http://127.0.0.1:1/__test/clock').catch((e: unknown) => e);
  await warnUnlessAsync('the clock answers', async () => {
    throw new Error('the test clock could not be read', { cause: refused });
  });
});

req([STATED], 'fail level: inconclusive', async () => {
  warnUnless('a reading before', () => expect('a').toBe('b'));
  throw new Inconclusive('round trip 20 s, wider than the 5 s margin of the window');
});

req([STATED], 'fail level: a statement that does not hold', async () => {
  expect(200, 'HTTP status').toBe(401);
});

req([STATED], 'fail level: the kit stops on an answer that is no error of transport', async () => {
  throw new Error('could not create a subaccount for isolation (HTTP 500)');
});

req([STATED], 'fail level: passes', async () => {
  expect(1).toBe(1);
});
