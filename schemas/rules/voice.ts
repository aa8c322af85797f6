/**
 * The `rule:` requirements of voice (4.3) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const VOICE_RULE_RECORDS = rulesOf('voice', [
  {
    id: 'rule:voice.template-k-message',
    section: '4.3',
    statement: 'voice_message is only with template k; whether another template refuses or ignores it is not stated.',
    ...reading(
      '"only with template k" does not say whether it is refused or ignored with another template (latitude only-with)',
      '| voice_message | string | no | max 160 chars; only with template k |',
    ),
  },
  {
    id: 'rule:voice.templates',
    section: '4.3',
    statement: 'template is one of a to k: another value is refused.',
    ...stated('| template | enum a..k | yes | fixed spoken script; k uses voice_message |'),
  },
  {
    id: 'rule:voice.template-k-needs-message',
    section: '4.3',
    statement: 'A template k call without voice_message is refused: k (custom text) has nothing to read without it.',
    ...reading(
      '"k uses voice_message" does not say a k call without it is refused; a careful team may read an empty text or a default script',
      '| template | enum a..k | yes | fixed spoken script; k uses voice_message |',
    ),
  },
]);
