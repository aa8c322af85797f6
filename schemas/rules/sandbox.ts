/**
 * The `rule:` requirements of the sandbox (4.2) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { OTP_SANDBOX_RULE, SANDBOX_ROW } from '../document-excerpts.ts';
import { notShown, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const SANDBOX_RULE_RECORDS = rulesOf('sandbox', [
  {
    id: 'rule:sandbox.validations-run',
    section: '4.2',
    statement: 'sandbox=1 runs all validations.',
    ...stated(SANDBOX_ROW, 'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.'),
  },
  { id: 'rule:sandbox.references', section: '4.2', statement: 'sandbox=1 generates references.', ...stated(SANDBOX_ROW) },
  {
    id: 'rule:sandbox.no-charge',
    section: '1, 4.2, 4.3, 4.4',
    statement: 'Sandbox sends consume no credits.',
    ...stated(
      'A sandbox mode that validates a request and answers like production but delivers nothing and consumes no credits.',
      SANDBOX_ROW,
      '| sandbox | enum 0,1 | no | default 0; 1 charges nothing |',
      OTP_SANDBOX_RULE,
    ),
  },
  {
    id: 'rule:sandbox.no-scheduled',
    section: '4.2',
    statement: 'No scheduled sends in sandbox (date is unavailable in sandbox): sandbox=1 with a date is refused.',
    ...stated(SANDBOX_ROW, 'must be in the future; unavailable in sandbox'),
  },
  {
    id: 'rule:sandbox.events',
    section: '4.2, 6.3',
    statement: 'Whether a sandbox send emits events.',
    ambiguity: 'sandbox-sends-emit-events',
    capability: 'webhook-reachable',
    ...notShown(
      'the document does not say whether a sandbox send emits events',
      SANDBOX_ROW,
      'Emitted by: sends (confirmation), customer replies to sent SMS (response).',
    ),
  },
]);
