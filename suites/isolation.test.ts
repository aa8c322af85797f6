/**
 * Isolation between accounts (1, 5.2). A key "gives full access to the account and balance", and
 * the document speaks of data per account (a list name "unique within the account", "one webhook
 * per account", details_03 "not the account's", a "per-account" report limit) without stating that
 * another account's key is refused: every rule here is a reading (warn level).
 *
 * Each test makes a resource in the file's account (its own subaccount when the manager key
 * isolates the file), checks that it exists there first, then acts on it with the key of a second
 * account (a fresh subaccount: the manager key creates it, 4.11) and checks that the resource is
 * neither shown, verified nor changed, and that its owner still has it as it was. Without the
 * manager key there is no second account: the tests skip (capability manager-key, through the
 * requirements).
 */
import { describe, expect } from 'vitest';
import { type Answer, answerWhenSettled, expectRefused, expectSuccess, Inconclusive, judge, req, useTarget, withLegacyNumbers } from '../harness/kit/index.ts';
import { AgendaAddResponse, AgendaFindResponse, AgendaListResponse } from '../schemas/agendas.ts';
import type { CapabilityId } from '../schemas/capabilities.ts';
import { LegacyOtpVerifyResponse } from '../schemas/otp-legacy.ts';
import { ReportsCampaignDetailsResponse } from '../schemas/reports.ts';
import { SendResult } from '../schemas/sms.ts';
import { WalletGetContactResponse, WalletListResponse, WalletUpdateBalanceResponse } from '../schemas/wallet.ts';
import { addContact, createList, listContacts, listLists, sameNumber } from './support/contacts-lists.ts';
import { addEmployee } from './support/employees-fixtures.ts';
import { verify } from './support/otp-legacy-flow.ts';
import { OtpDriver } from './support/otp-v2-driver.ts';
import type { OtpSubject } from './support/otp-v2-subject.ts';
import { programAccount } from './support/program-account.ts';
import { expectSent, plainText, reportRows, rowsOf, withCampaignId, withCountryCode } from './support/sending-helpers.ts';
import { firstWallet, holdsAmount, holdsPhone } from './support/wallet-fixtures.ts';
import { freshEndpoint, readWebhook, registerWebhook } from './support/webhook-ops.ts';

const t = useTarget();
const d = new OtpDriver(t);

/** The second account: a fresh subaccount with no credits (it only reads and tries to change). */
const strangerKey = async (): Promise<string> => (await t.newSubaccount(0)).key;

/**
 * Whatever another account's key is answered, it is not a server error: the answer to the other key
 * is what these tests judge, and a 5xx (7.1 server_01, among every endpoint's answers) is judged at
 * the level of rule:envelope.no-server-error (a reading, warn); the test goes on to the isolation it proves.
 */
function expectAnswered(answer: Answer, what: string): void {
  judge('rule:envelope.no-server-error', `${what}: never a server error`, () =>
    expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500),
  );
}

describe('OTP verifications belong to their account (2.10, 3.1, 5.2)', () => {
  req(
    ['rule:isolation.otp-v2', 'rule:envelope.no-server-error'],
    "another account's key neither sees, verifies nor deletes a /v2/otp verification of this account",
    async () => {
      const owner = await d.subject();
      // The verification another key must not reach is arranged: a create that starts none leaves the test inconclusive.
      const { code } = await d.arrangedPending(owner);
      const stranger: OtpSubject = { ...owner, key: await strangerKey(), measuresCharges: false };

      const status = await d.status(stranger);
      expectAnswered(status, "GET /v2/otp/status of this account's number, with the other key");
      judge('rule:isolation.otp-v2', 'the state another key is shown (2.10, 5.2)', () =>
        expect(status.body.state, "the other account's status does not show this account's pending verification").not.toBe('pending'),
      );

      // 3.1 none + verify → 404: to the other account the number has no verification.
      const theirs = await d.verify(stranger, code);
      // A verification the other key verified is spent: its owner's verify below would fail for that, not for itself.
      const notFound = judge('rule:isolation.otp-v2', 'verify with another key (3.1, 5.2)', () =>
        expect(theirs.status, `the other account's verify with the right code finds no verification (3.1: 404) — ${theirs.text.slice(0, 200)}`).toBe(404),
      );
      if (!notFound) return;

      expectAnswered(await d.remove(stranger), 'DELETE /v2/otp of this number, with the other key');
      const mine = await d.verify(owner, code);
      judge('rule:isolation.otp-v2', 'the owner after another key (3.1, 5.2)', () =>
        expect(mine.status, `the verification is intact for its account: its code verifies it (200) — ${mine.text.slice(0, 200)}`).toBe(200),
      );
    },
  );

  req(
    ['rule:isolation.otp-legacy', 'rule:envelope.no-server-error'],
    "another account's key does not verify a legacy OTP code of this account (validation_04 there: no record)",
    () =>
      withLegacyNumbers(
        t,
        1,
        async (numbers) => {
          // A number whose pending code this account sent with showcode=1 (4.5), reached from whatever state it was in.
          const { phone, code } = await numbers.pending();
          const theirs = await t.api('otp-legacy/verify', { key: await strangerKey(), json: { phone_number: phone, verification_code: code } });
          expectAnswered(theirs, '/otp/verify with the other key');
          // A code the other key verified is spent, and one it was refused otherwise than validation_04 may count as an
          // attempt: its owner's verify below (at the fail level of 4.5) would fail for the other key's doing, not its own.
          const notVerified = judge('rule:isolation.otp-legacy', 'verify with another key (4.5, 5.2)', () =>
            expect(theirs.body.code, `the other account's verify with the right code is not validation_01 — ${theirs.text.slice(0, 200)}`).not.toBe(
              'validation_01',
            ),
          );
          if (!notVerified) return;
          // 7.2 validation_04 "no record for this number": the other account has none.
          const noRecord = judge('rule:isolation.otp-legacy', 'verify with another key (7.2, 5.2)', () =>
            expect(theirs.body.code, 'to the other account the number has no record (7.2 validation_04)').toBe('validation_04'),
          );
          if (!noRecord) return;
          expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
        },
        'pending-code',
      ),
    // 4.5: legacy sends have no sandbox; outside the embedded target they are charged.
    { needs: ['real-delivery'] as CapabilityId[] },
  );
});

describe('Contact lists and contacts belong to their account (2.3, 4.6, 4.7, 5.2)', () => {
  req(['rule:isolation.contact-lists'], "another account's key neither lists, finds, reads, renames nor deletes a list of this account", async () => {
    const { listKey, name } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number, name: t.name('mine') });
    // The premise: the list holds the contact as it was added (4.6); what another key does to it is judged below.
    const held = (await listContacts(t, listKey)).map((c) => sameNumber(c.contact_number, number));
    if (held.length !== 1 || held[0] !== true)
      throw new Inconclusive(`the list's contacts, read with its own key, are not the one contact added (${held.length} listed)`);
    const key = await strangerKey();

    // A warning ends the test, so that one intrusion is one warning.
    const theirs = expectSuccess(await t.api('agendas/list', { key }), 'agendas/list', AgendaListResponse).result;
    const unlisted = judge('rule:isolation.contact-lists', "another key's /agendas/get (4.7, 5.2)", () =>
      expect(
        theirs.some((l) => l.list_key === listKey || l.agenda_name === name),
        "not in the other account's /agendas/get",
      ).toBe(false),
    );
    if (!unlisted) return;
    const found = expectSuccess(await t.api('agendas/find', { key, query: { query: name } }), 'agendas/find', AgendaFindResponse);
    const unfound = judge('rule:isolation.contact-lists', "another key's /contactlist/find (4.7, 5.2)", () =>
      expect(
        found.result.map((r) => r.name),
        'not found by the other account',
      ).not.toContain(name),
    );
    if (!unfound) return;
    const read = await t.api('agendas/list-contacts', { key, json: { list_key: listKey } });
    const unread = judge('rule:isolation.contact-lists', "another key's /contactlist/get (4.7, 5.2)", () =>
      expect(read.text, "the list's contact does not reach the other account").not.toContain(number),
    );
    if (!unread) return;
    expectRefused('rule:isolation.contact-lists', read, 'agendas/list-contacts', "another account's list", 'missing-resource');
    expectRefused(
      'rule:isolation.contact-lists',
      await t.api('agendas/rename', { key, json: { list_key: listKey, agenda_name: t.name('taken') } }),
      'agendas/rename',
      "another account's list",
      'missing-resource',
    );
    expectRefused(
      'rule:isolation.contact-lists',
      await t.api('agendas/delete', { key, json: { list_key: listKey } }),
      'agendas/delete',
      "another account's list",
      'missing-resource',
    );

    const intact = (await listLists(t)).find((l) => l.list_key === listKey)?.agenda_name;
    judge('rule:isolation.contact-lists', 'the list intact for its account (4.7, 5.2)', () =>
      expect(intact, 'the list is intact for its account, under its name').toBe(name),
    );
  });

  req(
    ['rule:isolation.contacts', 'rule:envelope.no-server-error'],
    "another account's key neither adds, updates, deletes nor duplicates the contacts of a list of this account",
    async () => {
      const { listKey } = await createList(t);
      const number = t.phone();
      const email = `${t.name('mail').toLowerCase()}@example.com`;
      const contact = await addContact(t, listKey, { number, name: t.name('mine'), email });
      // The premise: the list holds the contact as it was added (4.6); what another key does to it is judged below.
      const listed = (await listContacts(t, listKey)).filter((c) => sameNumber(c.contact_number, number));
      if (listed.length !== 1 || listed[0]!.contact_email !== email)
        throw new Inconclusive(`the list's contacts, read with its own key, show ${listed.length} contact(s) of the added number, not one with its email`);
      const key = await strangerKey();
      const theirKey = expectSuccess(await t.api('agendas/add', { key, json: { agenda_name: t.name('theirs') } }), 'agendas/add', AgendaAddResponse).list_key;
      t.onCleanup(() => t.api('agendas/delete', { key, json: { list_key: theirKey } }));

      const intruder = t.phone();
      expectAnswered(await t.api('contacts/add', { key, json: { list_key: listKey, number: intruder, name: t.name('intruder') } }), 'contacts/add');
      expectAnswered(
        await t.api('contacts/update', { key, json: { list_key: listKey, number, email: `${t.name('stolen').toLowerCase()}@example.com` } }),
        'contacts/update',
      );
      expectAnswered(await t.api('contacts/delete', { key, json: { list_key: listKey, number } }), 'contacts/delete');
      expectAnswered(
        await t.api('contacts/duplicate', { key, json: { current_list_key: listKey, new_list_key: theirKey, contact_id: String(contact.id) } }),
        'contacts/duplicate',
      );

      const mine = await listContacts(t, listKey);
      const kept = mine.filter((c) => sameNumber(c.contact_number, number));
      const copied = await t.api('agendas/list-contacts', { key, json: { list_key: theirKey } });
      judge('rule:isolation.contacts', "the list after another key's calls (4.6, 5.2)", () => {
        expect(
          mine.filter((c) => sameNumber(c.contact_number, intruder)),
          "no contact was added by the other account's key",
        ).toEqual([]);
        expect(kept, "the contact is not deleted by the other account's key").toHaveLength(1);
        expect(kept[0]?.contact_email, "its email is not changed by the other account's key").toBe(email);
        expect(copied.text, "the contact is not duplicated into the other account's list").not.toContain(number);
      });
    },
  );
});

describe('Campaigns and reports belong to their account (4.12, 7.2)', () => {
  req(['rule:isolation.campaigns'], "another account's key gets neither the details of a campaign of this account nor its message in a report", async () => {
    const since = await t.clock.now();
    const phone = t.phone();
    const request = withCampaignId(t, { numbers: phone, message: plainText(t, 'iso'), sandbox: 1 });
    const sent = expectSent(await t.api('sms/send', request), 'sms/send', [withCountryCode(phone)]);
    const campaignId = SendResult.parse(sent).campaignId;
    // campaignId is a reading of 4.2 (rule:sms.campaign-id); without it the test ends on that warning, as before.
    const shown = judge('rule:sms.campaign-id', 'campaignId in the send answer (4.2)', () =>
      expect(campaignId, 'showCampaignId=true adds campaignId (4.2)').toEqual(expect.any(Number)),
    );
    if (!shown) return;
    const reference = sent.references[0]!.reference;
    const json = { campaign_id: campaignId, sandbox: 1 };

    // 7.2 details_04 "campaign still processing, retry later": asked again within the budget.
    const own = await answerWhenSettled(t, "the campaign's details, asked by its own account", () => t.api('reports/get-campaign-details', { json }));
    expectSuccess(own, 'reports/get-campaign-details', ReportsCampaignDetailsResponse);
    const ownRows = await rowsOf(t, [reference], { sandbox: 1, since });
    if (!ownRows.has(reference)) throw new Inconclusive("the send is not in its own account's sandbox report, so its absence from another's proves nothing");

    const key = await strangerKey();
    const theirs = await answerWhenSettled(t, "the campaign's details, asked by another account", () => t.api('reports/get-campaign-details', { key, json }));
    // A warning ends the test, so that one intrusion is one warning.
    const refused = judge('rule:isolation.campaigns', "another key's campaign details refused (4.12)", () =>
      expect(theirs.body.success, `the other account does not get the details — ${theirs.text.slice(0, 200)}`).not.toBe(true),
    );
    if (!refused) return;
    // 7.2 details_03 "campaign missing or not the account's".
    const coded = judge('rule:isolation.campaigns', "another key's campaign details: details_03 (7.2)", () =>
      expect(theirs.body.code, "another account's campaign answers details_03 (7.2)").toBe('details_03'),
    );
    if (!coded) return;
    // One ask: its owner's report already lists the send (8: report requests are limited per account).
    const theirRows = await reportRows(t, { sandbox: 1, since, key });
    judge('rule:isolation.campaigns', "another key's report (4.12)", () =>
      expect(
        theirRows.some((r) => r.reference === reference),
        "the send is not in the other account's report",
      ).toBe(false),
    );
  });
});

describe('The webhook belongs to its account (1, 3.2, 6)', () => {
  req(
    ['rule:isolation.webhooks', 'rule:envelope.no-server-error'],
    "another account's key neither reads, changes, replaces nor deletes the webhook of this account",
    async () => {
      const mine = await freshEndpoint(t, 'isomine');
      await registerWebhook(t, t.key, mine.url, '1');
      t.onCleanup(() => t.api('webhooks/delete', {}));
      // The premise: the webhook reads back as registered (4.14); what another key does to it is judged below.
      const registered = await readWebhook(t, t.key);
      if (registered.url !== mine.url || registered.status !== '1')
        throw new Inconclusive(`/webhook/get with this account's key does not show the webhook it registered (status ${String(registered.status)})`);
      const key = await strangerKey();
      const receiverUrl = (await t.receiver()).url;

      const seen = await t.api('webhooks/get', { key });
      expectAnswered(seen, '/webhook/get with the other key');
      const shownUrl = (seen.body.result as { url?: unknown } | undefined)?.url;
      judge('rule:isolation.webhooks', '/webhook/get with another key (4.14, 5.2)', () => {
        expect(seen.text, "the other account's /webhook/get does not show this account's URL").not.toContain(mine.url);
        expect(
          typeof shownUrl === 'string' && shownUrl.startsWith(receiverUrl),
          `the other account, which registered none, is shown no webhook of this run (${String(shownUrl)})`,
        ).toBe(false);
      });
      expectAnswered(await t.api('webhooks/set-status', { key, json: { status: '0' } }), '/webhook/status with the other key');
      expectAnswered(await t.api('webhooks/delete', { key }), '/webhook/delete with the other key');
      const afterTheirCalls = await readWebhook(t, t.key);
      judge('rule:isolation.webhooks', "this account's webhook after another key's calls (4.14, 5.2)", () =>
        expect(afterTheirCalls, "unchanged after the other account's /webhook/status and /webhook/delete").toEqual({ url: mine.url, status: '1' }),
      );

      // One webhook per account: the other account's own does not replace this one.
      const theirs = await freshEndpoint(t, 'isotheirs');
      await registerWebhook(t, key, theirs.url, '0');
      t.onCleanup(() => t.api('webhooks/delete', { key }));
      const theirOwn = await readWebhook(t, key);
      const afterTheirs = await readWebhook(t, t.key);
      judge('rule:isolation.webhooks', 'one webhook per account (1, 3.2)', () => {
        expect(theirOwn, "the other account's own webhook").toEqual({ url: theirs.url, status: '0' });
        expect(afterTheirs, 'unchanged after the other account registered its own').toEqual({ url: mine.url, status: '1' });
      });
    },
    { needs: ['webhook-reachable'] },
  );
});

describe('Wallet contacts belong to their account (4.8, 5.2)', () => {
  // Wallets are not created through the API: the test acts in the account that has one.
  const program = programAccount(t);

  req(
    ['rule:isolation.wallets', 'rule:envelope.no-server-error'],
    "another account's key neither reads the wallet contacts of this account nor changes their balance",
    async () => {
      const owner = program.t;
      const wallet = await firstWallet(program);
      const user = await addEmployee(owner);
      const phone = owner.phone();
      expectSuccess(
        await owner.api('wallet/add-contact', {
          json: { wallet_key: wallet.wallet_key, phone, customer_name: owner.name('cliente'), usertool_id: user.collaboratorId },
        }),
        'wallet/add-contact',
      );
      expectSuccess(
        await owner.api('wallet/update-balance', { json: { wallet_key: wallet.wallet_key, phone, transaction_type: 0, transaction_amount: 91.45 } }),
        'wallet/update-balance',
        WalletUpdateBalanceResponse,
      );
      const balance = async (): Promise<Record<string, unknown>> =>
        expectSuccess(
          await owner.api('wallet/get-contact', { json: { wallet_key: wallet.wallet_key, phone } }),
          'wallet/get-contact',
          WalletGetContactResponse,
        );
      // The premise: the contact holds what was credited (4.8); what another key does to it is judged below.
      const before = await balance();
      if (!holdsAmount(before, 91.45)) throw new Inconclusive(`/wallet/contact/get does not show the 91.45 credited: ${JSON.stringify(before).slice(0, 300)}`);
      const key = await strangerKey();

      const wallets = expectSuccess(await t.api('wallet/list', { key }), 'wallet/list', WalletListResponse).result;
      judge('rule:isolation.wallets', '/wallet/list with another key (4.8, 5.2)', () =>
        expect(
          wallets.map((w) => w.wallet_key),
          "this account's wallet is not among the other account's",
        ).not.toContain(wallet.wallet_key),
      );
      const seen = await t.api('wallet/get-contact', { key, json: { wallet_key: wallet.wallet_key } });
      expectAnswered(seen, '/wallet/contact/get with the other key');
      judge('rule:isolation.wallets', '/wallet/contact/get with another key (4.8, 5.2)', () =>
        expect(holdsPhone(seen.json, phone), "the contact is not shown to the other account's key").toBe(false),
      );
      expectAnswered(
        await t.api('wallet/update-balance', { key, json: { wallet_key: wallet.wallet_key, phone, transaction_type: 0, transaction_amount: 8.1 } }),
        '/wallet/balance/update with the other key',
      );
      expectAnswered(
        await t.api('wallet/register-sale', {
          key,
          json: { wallet_key: wallet.wallet_key, phone, transaction_type: 1, transaction_amount: 50, usertool_id: user.collaboratorId },
        }),
        '/wallet/sale with the other key',
      );
      const after = await balance();
      judge('rule:isolation.wallets', "the balance after another key's calls (4.8, 5.2)", () =>
        expect(holdsAmount(after, 91.45), `the balance is still 91.45 after the other account's attempts: ${JSON.stringify(after).slice(0, 300)}`).toBe(true),
      );
    },
  );
});
