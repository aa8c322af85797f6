/**
 * 4.10 and 2.5: POST /employee/add and /toolusers/get. An employee added is listed with its values
 * and role (cajero or gerente); a repeated phone, password or user name, a missing field, another
 * role, a password over 8's length or a number not of exactly 10 digits is refused and creates no
 * tool user. Every employee created is disabled at teardown (no operation deletes one). The codes
 * of refusals are not named (7.1: "... and similar validation failures: not shown"): expectRefused
 * records them. Ownership is in ownership.test.ts, /employee/disable in disable.test.ts.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { EMPLOYEE_ROLES } from '../../schemas/employees.ts';
import { limitById } from '../../schemas/limits.ts';
import { sameNumber } from '../support/contacts-lists.ts';
import {
  addEmployee,
  employeeFields,
  listedEmployee,
  listEmployees,
  tryAddEmployee,
  type CreatedEmployee,
  type EmployeeFields,
} from '../support/employees-fixtures.ts';

const t = useTarget();

const PASSWORD = limitById('employee-password-length');
const NUMBER = limitById('employee-number-digits');

/**
 * Expects /employee/add to refuse `fields`, judged against `requirement` (the rule the refusal
 * proves). A repeated value is a duplicate, not invalid input: 7.1's 200 is not its status
 * (schemas/refusal-kinds.ts), so a 409 is as good as a 200.
 */
async function expectAddRefused(requirement: string, fields: Record<string, unknown>, what: string, kind: RefusalKind = 'invalid-input'): Promise<void> {
  const answer = await tryAddEmployee(t, fields);
  judge(requirement, `/employee/add refuses ${what} (4.10)`, () => expect(answer.body.success, `${what}: refused (${answer.text.slice(0, 200)})`).toBe(false));
  expectRefused(requirement, answer, 'employees/add', what, kind);
}

/** The number of listed tool users that match `pick`. */
const countListed = async (pick: (u: { usertool_name: string; usertool_number: string }) => boolean) => (await listEmployees(t)).filter(pick).length;

/**
 * 4.10 "Validates unique password, user name and phone": /employee/add with `field` of `first`
 * repeated is refused and creates no employee, judged against `requirement` (that field's uniqueness).
 * A repeated value is a duplicate, not invalid input (schemas/refusal-kinds.ts).
 */
async function expectRepeatRefused(first: CreatedEmployee, field: keyof EmployeeFields, what: string, requirement: string): Promise<void> {
  const fields = employeeFields(t, { [field]: first[field] });
  await expectAddRefused(requirement, { ...fields }, `repeated ${what}`, 'duplicate');
  await expectNoneCreated(requirement, fields, `no employee was created with the repeated ${what}`);
}

/** Judges against `requirement` that the refused /employee/add of `fields` created no tool user: none is listed under its name (4.10). */
async function expectNoneCreated(requirement: string, fields: EmployeeFields, message: string): Promise<void> {
  const created = await countListed((u) => u.usertool_name === fields.employee_name);
  judge(requirement, 'a refused /employee/add creates no tool user (4.10)', () => expect(created, message).toBe(0));
}

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('POST /employee/add and /toolusers/get (4.10)', () => {
  req(
    ['op:employees/add', 'op:employees/list', 'rule:employees.listed'],
    'toolusers_01 / partner_created_successfully with a collaboratorId, and /toolusers/get lists the employee',
    async () => {
      const employee = await addEmployee(t);
      const listed = await listedEmployee(t, employee.collaboratorId, 'rule:employees.listed');
      const listedAs = 'the employee added, listed with its values (4.10, 2.5)';
      judge('rule:employees.listed', listedAs, () => expect(listed.usertool_name).toBe(employee.employee_name));
      judge('rule:employees.listed', listedAs, () =>
        expect(sameNumber(listed.usertool_number, employee.number), `usertool_number ${listed.usertool_number} is the number ${employee.number}`).toBe(true),
      );
      judge('rule:employees.listed', listedAs, () => expect(listed.usertool_type, '2.5: the role').toBe(employee.type));
    },
  );

  req(['rule:employees.roles'], `type is ${EMPLOYEE_ROLES.join(' or ')}: each role is accepted and listed, another is refused`, async () => {
    for (const role of EMPLOYEE_ROLES) {
      const employee = await addEmployee(t, { type: role });
      const listed = await listedEmployee(t, employee.collaboratorId, 'rule:employees.roles');
      judge('rule:employees.roles', 'each role is accepted and listed (4.10, 2.5)', () => expect(listed.usertool_type, `role ${role}`).toBe(role));
    }
    for (const type of ['administrador', '', 'cajero gerente']) {
      const fields = employeeFields(t, { type });
      await expectAddRefused('rule:employees.roles', { ...fields }, `type "${type}"`);
      await expectNoneCreated('rule:employees.roles', fields, `the employee of type "${type}" is not listed`);
    }
    const { type: _omitted, ...withoutType } = employeeFields(t);
    await expectAddRefused('rule:employees.roles', withoutType, 'type missing');
  });

  // 4.10 "Validates unique password, user name and phone": the phone and the password are fields of
  // the body, so their uniqueness is stated (stated-limits.ts); which field is the "user name" is a
  // reading (employee_name), checked on its own below.
  req(
    ['limit:employee-phone-unique', 'limit:employee-password-unique'],
    'validates a unique phone and password: a repeated number, or a repeated password, alone is refused and creates no employee',
    async () => {
      const first = await addEmployee(t);
      const repeats: [keyof EmployeeFields, string, string][] = [
        ['number', 'phone', 'limit:employee-phone-unique'],
        ['password', 'password', 'limit:employee-password-unique'],
      ];
      for (const [field, what, requirement] of repeats) await expectRepeatRefused(first, field, what, requirement);
      const withNumber = await countListed((u) => sameNumber(u.usertool_number, first.number));
      judge('limit:employee-phone-unique', 'a unique phone (4.10)', () => expect(withNumber, 'one employee with the number').toBe(1));
      // Distinct values are accepted: the refusals above were about uniqueness, not the values.
      await addEmployee(t);
    },
  );

  req(['rule:employees.unique'], 'validates a unique user name (read as employee_name): a repeated name alone is refused', async () => {
    const first = await addEmployee(t);
    const fields = employeeFields(t, { employee_name: first.employee_name });
    await expectAddRefused('rule:employees.unique', { ...fields }, 'repeated user name', 'duplicate');
    const unique = 'a unique user name (4.10)';
    const created = await countListed((u) => sameNumber(u.usertool_number, fields.number));
    // At rule:employees.unique's warn level a created employee is one warning and ends the test: the count by name would warn again.
    if (!judge('rule:employees.unique', unique, () => expect(created, 'no employee was created with the repeated user name').toBe(0))) return;
    const named = await countListed((u) => u.usertool_name === first.employee_name);
    judge('rule:employees.unique', unique, () => expect(named, 'one employee with the name').toBe(1));
  });
});

// The required fields of 4.10 and the limits of 8, in a second describe of the same title.
describe('POST /employee/add and /toolusers/get (4.10)', () => {
  req(['op:employees/add'], 'employee_name, business_name and number are required (refusals; codes not shown)', async () => {
    for (const field of ['employee_name', 'business_name', 'number'] as const) {
      const { [field]: _omitted, ...fields } = employeeFields(t);
      await expectAddRefused('op:employees/add', fields, `${field} missing`);
    }
  });

  req(
    ['limit:employee-password-length'],
    `password of ${PASSWORD.max} characters is accepted, ${PASSWORD.max! + 1} refused (8: ${PASSWORD.description})`,
    async () => {
      const max = PASSWORD.max!;
      const pad = (n: number) => `Pw${t.name('len')}`.padEnd(n, 'z');
      const accepted = await addEmployee(t, { password: pad(max) });
      await listedEmployee(t, accepted.collaboratorId, 'limit:employee-password-length');
      const fields = employeeFields(t, { password: pad(max + 1) });
      await expectAddRefused('limit:employee-password-length', { ...fields }, `password of ${max + 1} characters`);
      await expectNoneCreated('limit:employee-password-length', fields, 'not listed');
    },
  );

  req(
    ['limit:employee-number-digits'],
    `number of exactly ${NUMBER.max} digits: ${NUMBER.max} accepted, ${NUMBER.min! - 1} and ${NUMBER.max! + 1} refused, non-digits refused`,
    async () => {
      const accepted = await addEmployee(t);
      if (accepted.number.length !== NUMBER.max) throw new Error(`kit: the suite's number ${accepted.number} has not ${NUMBER.max} digits`);
      const base = t.phone();
      for (const [what, number] of [
        [`${NUMBER.min! - 1} digits`, base.slice(0, NUMBER.min! - 1)],
        [`${NUMBER.max! + 1} digits`, `${base}7`],
        ['a letter', `${base.slice(0, NUMBER.max! - 1)}a`],
      ] as const) {
        const fields = employeeFields(t, { number });
        await expectAddRefused('limit:employee-number-digits', { ...fields }, `number with ${what}`);
        await expectNoneCreated('limit:employee-number-digits', fields, `the employee whose number has ${what} is not listed`);
      }
    },
  );
});
