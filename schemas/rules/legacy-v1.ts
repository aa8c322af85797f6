/**
 * The `rule:` requirements of the legacy v1 SMS API (4.16) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const LEGACY_V1_RULE_RECORDS = rulesOf('legacy-v1', [
  {
    id: 'rule:v1.multi-items',
    section: '4.16',
    statement: '/v1/sms/send/multi answers a respuestas array, each item with its numcelular; one item per number is our reading.',
    ...reading(
      'each item carries its numcelular, but "one item per number" is not said',
      'Response: respuestas array, each item with Estatus, mensaje, referencia and numcelular, or an error item.',
    ),
  },
  {
    id: 'rule:v1.sandbox',
    section: '4.16',
    statement: 'sandbox=1 delivers nothing and charges nothing.',
    ...stated(
      'remitente (optional, max 11 alphanumeric), language (es default, en), sandbox (1).',
      'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.',
    ),
  },
  {
    id: 'rule:v1.language',
    section: '4.16, 9',
    statement: 'language=en selects English texts (es default).',
    ambiguity: 'response-language',
    ...reading(
      'a SHOULD: the document reports that responses are always in Spanish and not configurable',
      'language (es default, en)',
      'Response text language: the reference states that responses are always in Spanish and not configurable, while the OTP endpoints accept locale (es, en).',
    ),
  },
]);
