/**
 * The `rule:` requirements of isolation between accounts (1, 5.2) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { AGENDA_NAME_ROW, DETAILS_ROW, REPORTS_ROW } from '../document-excerpts.ts';
import { reading } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

const API_KEY_SENTENCE = 'Every request carries the header apikey with the account API key (it may also be given as a body field).';
const KEY_ACCESS_SENTENCE = 'It gives full access to the account and balance and must only be used from a backend.';

// 1, 5.2: a key gives access to its own account. Each row is one kind of data another account's
// key must not reach; the document implies it (per-account words) without stating it.
export const ISOLATION_RULE_RECORDS = rulesOf('isolation', [
  {
    id: 'rule:isolation.otp-v2',
    section: '2.10, 3.1, 5.2',
    statement: "A /v2/otp verification is the account's whose key created it: another account's key neither sees its state, verifies nor deletes it.",
    capability: 'manager-key',
    // 1, 5.2: per-account words; no sentence states that another account's key is refused.
    ...reading(
      'never stated: a verification is kept per phone_number + country_code and a key gives access to "the account"; that the pair ' +
        'is kept within the account whose key created it is our reading (a verification kept per number across accounts is the other one)',
      'Per phone_number + country_code.',
      API_KEY_SENTENCE,
      KEY_ACCESS_SENTENCE,
    ),
  },
  {
    id: 'rule:isolation.otp-legacy',
    section: '4.5, 5.2',
    statement: "A legacy OTP code is the account's whose key sent it: another account's key does not verify it.",
    capability: 'manager-key',
    ...reading(
      'never stated: verify names only the phone number; that it finds only a code the same account sent is our reading',
      'POST /otp/verify body: phone_number (string, req), verification_code (string, req), locale (es, en; default es).',
      API_KEY_SENTENCE,
      KEY_ACCESS_SENTENCE,
    ),
  },
  {
    id: 'rule:isolation.contact-lists',
    section: '2.3, 4.7, 5.2',
    statement: "A contact list is its account's: another account's key neither lists, finds, reads, renames nor deletes it.",
    capability: 'manager-key',
    ...reading(
      'never stated: a list name is unique "within the account", which implies lists belong to one account; that another key finds none of them is our reading',
      AGENDA_NAME_ROW,
      'agenda_name (req, unique per account)',
      KEY_ACCESS_SENTENCE,
    ),
  },
  {
    id: 'rule:isolation.contacts',
    section: '2.3, 4.6, 5.2',
    statement: "The contacts of a list are its account's: another account's key neither adds, updates, deletes nor duplicates them.",
    capability: 'manager-key',
    ...reading(
      'never stated: contact operations name a list by its list_key and lists belong to one account; that a list_key of another account ' +
        'reaches none of its contacts is our reading',
      '| list_key | string | identifier of the list, used by all contact operations |',
      AGENDA_NAME_ROW,
      KEY_ACCESS_SENTENCE,
    ),
  },
  {
    id: 'rule:isolation.campaigns',
    section: '4.12, 7.2',
    statement: "Another account's key gets neither the details of a campaign nor its messages in a report.",
    capability: 'manager-key',
    ...reading(
      'details_03 states the details of a campaign that is "not the account\'s" are refused; that a report lists only the messages ' +
        'of the account whose key asks is our reading (its request limit is "per-account")',
      DETAILS_ROW,
      REPORTS_ROW,
    ),
  },
  {
    id: 'rule:isolation.webhooks',
    section: '1, 3.2, 6',
    statement: "An account's webhook is its own: another account's key neither reads, changes, replaces nor deletes it.",
    capability: 'manager-key',
    ...reading(
      'never stated: one webhook "per account" implies another account has its own; that its key neither reads nor changes this one is our reading',
      'One webhook per account that receives delivery confirmations and customer replies.',
      "The service sends events to the account's single webhook URL.",
    ),
  },
  {
    id: 'rule:isolation.wallets',
    section: '4.8, 5.2',
    statement: "Another account's key neither reads the contacts of an account's wallet nor changes their balance.",
    capability: 'manager-key',
    ...reading(
      'never stated: the key gives access to "the account"; that a wallet_key of another account reaches none of its contacts is our reading',
      "POST /wallet/contact/get: wallet_key (req), phone (optional filter). Returns the contact's wallet balance.",
      KEY_ACCESS_SENTENCE,
    ),
  },
]);
