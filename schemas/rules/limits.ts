/**
 * The `rule:` requirements of the limits (7.1, 8) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const LIMITS_RULE_RECORDS = rulesOf('limits', [
  {
    id: 'rule:limits.rate-recovery',
    section: '7.1, 8',
    statement: 'After rate_01, requests succeed again once the rate drops (a reading of retry with exponential backoff).',
    ...reading(
      'recovery is implied by "retry with exponential backoff", not stated; no Retry-After is documented for rate_01',
      '| rate_01 | 429 | rate limit exceeded; retry with exponential backoff |',
      'Recommended: batch many numbers in one request; retry with exponential backoff on 429.',
    ),
  },
]);
