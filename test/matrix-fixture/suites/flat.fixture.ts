/**
 * A made-up suite file for test/requirements-yaml.test.ts, collected by run-collect.ts and never run:
 * tests declared with req() at the top level and in nested describes, and tests generated in a loop
 * from one call, whose ids, lines and names the matrix of spec/requirements.yaml must give exactly.
 */
import { describe } from 'vitest';
import { req } from '../../../harness/kit/requirement-test.ts';

const never = async (): Promise<void> => {
  throw new Error('a fixture of the collection: never run');
};

req(['op:credits/consult'], 'a test outside any describe', never);

describe('an operation (4.1)', () => {
  req(['op:credits/consult', 'err:auth_01'], 'a test naming two ids', never);
  describe('a table of rows', () => {
    for (const row of ['first', 'second']) req(['op:sms/send'], `row ${row}`, never);
  });
});
