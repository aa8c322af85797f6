/**
 * The `rule:` requirements of SMS (2.2, 4.2) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { CREDIT_ROW } from '../document-excerpts.ts';
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const SMS_RULE_RECORDS = rulesOf('sms', [
  {
    id: 'rule:sms.references-per-recipient',
    section: '2.2',
    statement: 'One reference per recipient; number is the recipient with country code.',
    ...stated(
      '| references | array of {reference: string, number: string} | one entry per recipient; ' +
        'reference is the unique message id; number is the recipient with country code |',
    ),
  },
  {
    id: 'rule:sms.total-messages',
    section: '2.2',
    statement: 'total_messages is the number of messages sent.',
    ...stated('| total_messages | integer | number of messages sent |'),
  },
  {
    id: 'rule:sms.national-numbers',
    section: '4.2',
    statement: 'National numbers have 10 digits: another length, or a non-digit, is refused.',
    ...stated('recipients separated by commas; Mexico only (country code 52). National numbers have 10 digits;'),
  },
  {
    id: 'rule:sms.find-country-code',
    section: '4.2',
    statement:
      'With find_country_code=1 each number has 12 digits including the country code 52; ' +
      'without it a 12-digit number is not a national number: both are refused otherwise.',
    ...stated(
      'recipients separated by commas; Mexico only (country code 52). National numbers have 10 digits;',
      'with find_country_code=1 each number has 12 digits including country code',
      '| find_country_code | enum 0,1 | no | 0: country code taken from country_code; 1: extracted from each number |',
    ),
  },
  {
    id: 'rule:sms.scheduled-future',
    section: '4.2',
    statement: 'A scheduled date must be in the future (YYYY-MM-DD HH:MM:SS, America/Mexico_City).',
    ...stated('| date | string | no | scheduled send, YYYY-MM-DD HH:MM:SS, zone America/Mexico_City, must be in the future; unavailable in sandbox |'),
  },
  {
    id: 'rule:sms.rcs-flash-incompatible',
    section: '4.2',
    statement: 'RCS (channel=2) is incompatible with flash (whose parameter name is not shown explicitly): channel=2 with flash=1 is refused.',
    ambiguity: 'sms-flash-parameter-name',
    ...stated(
      '| channel | integer | no | 1 SMS (default), 2 RCS; RCS is incompatible with flash |',
      'the parameter name is not shown explicitly in the listing',
    ),
  },
  {
    id: 'rule:sms.shorten-url',
    section: '4.2',
    statement: 'shorten_url=1 needs exactly one URL in the message, otherwise the request is rejected.',
    ambiguity: 'sms-shorten-url-count',
    ...stated(
      '| shorten_url | enum 0,1 | no | 1 shortens the URL; the message must contain exactly one URL, otherwise the request is rejected |',
      '| url_to_shorten | string | no | specific URL to shorten; when absent all URLs in the message are shortened |',
    ),
  },
  {
    id: 'rule:sms.campaign-id',
    section: '4.2',
    statement: 'showCampaignId=true adds campaignId to the response (where it goes in the request: not shown).',
    ambiguity: 'show-campaign-id-placement',
    ...reading(
      'where showCampaignId goes in the request is not shown: a target may not read it where the suite puts it',
      'The parameter showCampaignId=true adds campaignId to the response; where it is placed in the request is not shown.',
      '| campaignId | integer | campaign id; only when showCampaignId=true |',
    ),
  },
  {
    id: 'rule:sms.charges-credits',
    section: '1, 2.2, 2.7',
    statement: 'A send consumes credits: the balance drops by the credit the answer reports.',
    capability: 'real-delivery',
    ...stated('An account holds a credit balance, and sending operations consume it.', '| credit | number | credits consumed |', CREDIT_ROW),
  },
  {
    id: 'rule:sms.accented-text',
    section: '4.2',
    statement: 'The text is sent without accents; accents must not be included.',
    ambiguity: 'sms-accented-text',
    ...stated('| message | string | yes | the text is sent without accents (a to a, n-tilde to n), always as GSM-7; accents must not be included |'),
  },
]);
