/**
 * Tool users (4.10) for suites/employees/ and for the wallet (4.8) and loyalty (4.9) suites, whose
 * operations name a tool user by usertool_id. No operation deletes an employee: the cleanup
 * disables it (4.10 /employee/disable), the only removal the document offers.
 */
import { expect } from 'vitest';
import { type Answer, expectSuccess, judge, type Target } from '../../harness/kit/index.ts';
import { EmployeeAddResponse, EmployeeListResponse, type EmployeeRole, type ToolUser } from '../../schemas/employees.ts';

export interface EmployeeFields {
  type: EmployeeRole | string;
  employee_name: string;
  business_name: string;
  number: string;
  password: string;
}

export interface CreatedEmployee extends EmployeeFields {
  collaboratorId: number;
}

/** Fresh, unique values for /employee/add (4.10: unique password, user name and phone). */
export function employeeFields(t: Target, overrides: Partial<EmployeeFields> = {}): EmployeeFields {
  return {
    type: 'cajero',
    employee_name: t.name('emp'),
    business_name: `Sucursal ${t.name('biz')}`,
    number: t.phone(),
    password: `Pw${t.name('pw')}`,
    ...overrides,
  };
}

/** Registers the disabling of whatever employee `fields` may have created (also after a faulty acceptance). */
function disableAtTeardown(t: Target, number: string): void {
  t.onCleanup(() => t.api('employees/disable', { json: { number } }));
}

/** Calls /employee/add; the employee, if the target creates one, is disabled at teardown. */
export async function tryAddEmployee(t: Target, fields: Partial<EmployeeFields> | Record<string, unknown>): Promise<Answer> {
  const answer = await t.api('employees/add', { json: fields });
  if (answer.body.success === true && typeof fields.number === 'string') disableAtTeardown(t, fields.number);
  return answer;
}

/** Adds an employee (success contract of 4.10) and returns it with its collaboratorId. */
export async function addEmployee(t: Target, overrides: Partial<EmployeeFields> = {}): Promise<CreatedEmployee> {
  const fields = employeeFields(t, overrides);
  const body = expectSuccess(await tryAddEmployee(t, fields), 'employees/add', EmployeeAddResponse);
  return { ...fields, collaboratorId: body.collaboratorId };
}

/** 4.10 /toolusers/get: the tool users of the account. */
export async function listEmployees(t: Target): Promise<ToolUser[]> {
  return expectSuccess(await t.api('employees/list'), 'employees/list', EmployeeListResponse).result;
}

/**
 * The listed tool user with `id`, judged against `requirement` (the rule its listing proves, a stated
 * one: the tool user is read on from it) when it is not listed exactly once.
 */
export async function listedEmployee(t: Target, id: number, requirement: string): Promise<ToolUser> {
  const found = (await listEmployees(t)).filter((u) => u.usertool_id === id);
  judge(requirement, 'the tool user listed by /toolusers/get (4.10)', () => expect(found, `tool user ${id} listed once by /toolusers/get`).toHaveLength(1));
  return found[0]!;
}
