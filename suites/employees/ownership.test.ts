/**
 * 1 and 5.2 with 4.10: tool users belong to their account. Another account's /toolusers/get does not
 * list this account's employee, nor can its /employee/disable change it (that a key reaches only its
 * own account's tool users is our reading). Every employee created is disabled at teardown (no
 * operation deletes one).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { EmployeeListResponse } from '../../schemas/employees.ts';
import { addEmployee, listedEmployee } from '../support/employees-fixtures.ts';

const t = useTarget();

describe('Tool users belong to their account (1, 5.2)', () => {
  req(
    ['rule:subaccounts.isolation', 'op:employees/list', 'rule:envelope.no-server-error'],
    "another account's /toolusers/get does not list this account's employee, nor can it disable it",
    async () => {
      const employee = await addEmployee(t);
      const other = await t.newSubaccount();
      const theirs = expectSuccess(await t.api('employees/list', { key: other.key }), 'employees/list', EmployeeListResponse).result;
      // 1, 5.2: that another account's key reaches none of this account's tool users is our reading (a key gives access to its own account).
      judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
        expect(
          theirs.some((u) => u.usertool_name === employee.employee_name),
          'not listed for the other account',
        ).toBe(false),
      );
      const before = await listedEmployee(t, employee.collaboratorId, 'rule:employees.listed');
      const attempt = await t.api('employees/disable', { key: other.key, json: { number: employee.number } });
      judge('rule:envelope.no-server-error', 'never a server error', () => expect(attempt.status).toBeLessThan(500));
      // Still listed after the other account's attempt: an employee added is listed (4.10), stated; whether its status changed is the reading below.
      const after = await listedEmployee(t, employee.collaboratorId, 'rule:employees.listed');
      judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
        expect(after.usertool_status, 'the other account did not disable it').toBe(before.usertool_status),
      );
    },
  );
});
