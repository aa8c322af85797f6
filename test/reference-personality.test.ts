/**
 * The reference server's two personalities (reference/personality.ts): for every entry of
 * the latitude register (schemas/latitudes.ts) and every ambiguity whose alternate option or
 * behaviour differs, the same requests go to a server of each personality, over HTTP on loopback,
 * and the answers differ exactly as the register says. The cases are keyed by register id, so
 * that a latitude without a case does not compile and an ambiguity without one fails below.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { personalityChoices } from '../reference/personality.ts';
import type { ReferenceServerOptionsInput } from '../reference/options.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { AMBIGUITY_IDS, DEFAULT_AMBIGUITY_CHOICES, LATITUDE_IDS } from '../schemas/index.ts';
import { AMBIGUITY_CASES, SAME_IN_BOTH, SHOWN_WITH } from './reference-personality-ambiguities.ts';
import { LATITUDE_CASES } from './reference-personality-latitudes.ts';
import { call, closeOpened, SMS, v1 } from './reference-personality-pairs.ts';

afterEach(closeOpened);

describe('reference personalities (schemas/latitudes.ts, reference/personality.ts)', () => {
  describe('latitudes: the default and the alternate choice', () => {
    for (const id of LATITUDE_IDS) it(id, LATITUDE_CASES[id], 20_000);
  });

  describe('ambiguities: the default and the alternate option', () => {
    for (const [id, run] of Object.entries(AMBIGUITY_CASES)) it(id, run, 20_000);

    it('has a case for every ambiguity whose option differs between the personalities', () => {
      const alternate = personalityChoices('alternate');
      const differing = AMBIGUITY_IDS.filter((id) => alternate[id] !== DEFAULT_AMBIGUITY_CHOICES[id]);
      const uncovered = differing.filter((id) => !AMBIGUITY_CASES[id] && !SHOWN_WITH[id]);
      expect(uncovered).toEqual([]);
      // and the ones left alike are named, with their reason in personality.ts
      expect(AMBIGUITY_IDS.filter((id) => alternate[id] === DEFAULT_AMBIGUITY_CHOICES[id] && !AMBIGUITY_CASES[id]).sort()).toEqual([...SAME_IN_BOTH].sort());
    });
  });

  describe('mutants bite under the alternate personality too (reference/mutants.ts)', () => {
    it('a fault placed where an alternate branch decides still applies', async () => {
      const start = (mutant: ReferenceServerOptionsInput['mutant']) =>
        startReferenceServer({ personality: 'alternate', rateLimit: 0, ...(mutant ? { mutant } : {}) });
      const cases: [ReferenceServerOptionsInput['mutant'], (s: RunningReferenceServer) => Promise<void>][] = [
        ['agendas-missing-key-err01', async (s) => expect((await call(s, '/agendas/get_contacts', { body: {} })).body.code).toBe('err_01')],
        [
          'reports-missing-end-01',
          async (s) => expect((await call(s, '/reports/generate', { body: { start_date: '2026-01-01' } })).body.code).toBe('report_01'),
        ],
        ['envelope-no-request-id-on-errors', async (s) => expect((await call(s, '/agendas/add', { body: {} })).body).not.toHaveProperty('request_id')],
        ['envelope-error-success-missing', async (s) => expect((await call(s, '/agendas/add', { body: {} })).body).not.toHaveProperty('success')],
        ['auth-error-no-status', async (s) => expect((await call(s, '/credits/consult', { key: null })).body).not.toHaveProperty('status')],
        ['v1-short-number-07', async (s) => expect((await v1(s, { mensaje: 'Hola', numcelular: '12345', numregion: '52' })).body.Codigo).toBe('07')],
        [
          'sms-campaign-id-ignored',
          async (s) =>
            expect((await call(s, '/sms/send', { body: { ...SMS, sandbox: 1 }, query: { showCampaignId: 'true' } })).body).not.toHaveProperty('campaignId'),
        ],
        [
          'host-ipv4-mapped-accepted',
          async (s) =>
            expect((await call(s, '/webhook/add', { body: { url: 'http://[::ffff:10.0.0.1]/hook', status: '1' } })).body.code).toBe('add_webhook_01'),
        ],
      ];
      for (const [mutant, check] of cases) {
        const s = await start(mutant);
        const plain = await start(undefined);
        try {
          await check(s);
          // and the same check fails on the alternate personality without the fault
          await expect(check(plain), String(mutant)).rejects.toThrow();
        } finally {
          await s.close();
          await plain.close();
        }
      }
    });
  });
});
