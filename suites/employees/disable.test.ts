/**
 * 4.10 and 3.4: POST /employee/disable. Disabling an employee changes its listed status (the values
 * are not shown) and no other's; number is required. The refusal's code is not named (7.1: "... and
 * similar validation failures: not shown"): expectRefused records it. Every employee created is
 * disabled at teardown (no operation deletes one).
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { EmployeeDisableResponse } from '../../schemas/employees.ts';
import { addEmployee, listedEmployee } from '../support/employees-fixtures.ts';

const t = useTarget();

describe('POST /employee/disable (4.10)', () => {
  req(['op:employees/disable'], 'toolusers_01 / partner_disabled, and the listed status changes (3.4; values not shown)', async () => {
    const employee = await addEmployee(t);
    const other = await addEmployee(t);
    const before = await listedEmployee(t, employee.collaboratorId, 'op:employees/disable');
    expectSuccess(await t.api('employees/disable', { json: { number: employee.number } }), 'employees/disable', EmployeeDisableResponse);
    const after = await listedEmployee(t, employee.collaboratorId, 'op:employees/disable');
    const disabled = 'the listed status of the disabled employee alone changes (4.10, 3.4)';
    judge('op:employees/disable', disabled, () => expect(after.usertool_status, 'usertool_status after /employee/disable').not.toBe(before.usertool_status));
    const kept = await listedEmployee(t, other.collaboratorId, 'op:employees/disable');
    judge('op:employees/disable', disabled, () => expect(kept.usertool_status, 'another employee keeps its status').toBe(before.usertool_status));
  });

  req(['op:employees/disable'], 'number is required (refusal; code not shown)', async () => {
    const answer = await t.api('employees/disable', { json: {} });
    judge('op:employees/disable', 'number is required (4.10)', () => expect(answer.body.success, `refused (${answer.text.slice(0, 200)})`).toBe(false));
    expectRefused('op:employees/disable', answer, 'employees/disable');
  });
});
