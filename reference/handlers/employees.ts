/**
 * 4.10 and 2.5: tool users (employees, collaborators) who operate wallets (4.8) and loyalty cards
 * (4.9). 4.10: "Validates unique password, user name and phone"; the codes of those refusals are
 * not named (7.1), so the server answers employee_name_taken, employee_number_taken and
 * employee_password_taken. Status values are not shown (3.4): the server uses active / disabled.
 */
import { createHash } from 'node:crypto';
import { employees } from '../../schemas/index.ts';
import { areaState, type Account } from '../accounts.ts';
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { fail, ok } from '../replies.ts';
import type { Seams } from '../seams.ts';

interface ToolUser {
  id: number;
  name: string;
  number: string;
  branch: string;
  type: employees.EmployeeRole;
  /** 3.4: "POST /employee/disable disables an employee". */
  disabled: boolean;
  /** Only a digest is kept: the password is needed for the uniqueness check of 4.10, nothing else. */
  passwordDigest: string;
}

interface Staff {
  users: ToolUser[];
  nextId: number;
}

const staff = (account: Account): Staff => areaState(account, 'employees', () => ({ users: [], nextId: 1 }));

const digest = (password: string): string => createHash('sha256').update(password).digest('hex');

export type ToolUserCheck = { ok: true; user: ToolUser } | { ok: false; reply: Reply };

/**
 * 4.8, 4.9: usertool_id names a tool user of the account. The document names no code for one that
 * is unknown or disabled: usertool_not_found and usertool_disabled.
 */
export function checkToolUser(req: RawRequest & { account: Account }, id: number): ToolUserCheck {
  const user = staff(req.account).users.find((u) => u.id === id);
  if (!user) return { ok: false, reply: fail(req, 'usertool_not_found', 'usertool_id is not a tool user of this account') };
  if (user.disabled) return { ok: false, reply: fail(req, 'usertool_disabled', 'The tool user is disabled') };
  return { ok: true, user };
}

/** 2.5: a tool user as /toolusers/get lists it. */
const listed = (u: ToolUser) => ({
  usertool_id: u.id,
  usertool_name: u.name,
  usertool_number: u.number,
  usertool_branch: u.branch,
  usertool_type: u.type,
  usertool_status: u.disabled ? 'disabled' : 'active',
});

/** 4.10: the first uniqueness rule the new employee breaks, among every employee (disabled ones too). */
function uniquenessProblem(users: readonly ToolUser[], input: employees.EmployeeAddRequest, seams: Seams): [code: string, message: string] | undefined {
  if (users.some((u) => u.name === input.employee_name)) return ['employee_name_taken', 'An employee with this user name already exists'];
  if (
    seams.at(
      'employees.refuses-taken-number',
      users.some((u) => u.number === input.number),
    )
  )
    return ['employee_number_taken', 'An employee with this phone number already exists'];
  if (
    seams.at(
      'employees.refuses-taken-password',
      users.some((u) => u.passwordDigest === digest(input.password)),
    )
  )
    return ['employee_password_taken', 'This password is already in use'];
  return undefined;
}

export const employeesHandlers: HandlerSet = {
  // 2.5 tool user fields.
  'employees/list': handler(undefined, (ctx) =>
    ok(ctx, { result: staff(ctx.account).users.map((u) => ctx.server.seams.at('employees.listed-tool-user', listed(u))) }),
  ),

  // 4.10 add: roles cajero / gerente, number exactly 10 digits, password max 50 (schema); unique values.
  'employees/add': handler(employees.EmployeeAddRequest, (ctx) => {
    const s = staff(ctx.account);
    const problem = uniquenessProblem(s.users, ctx.input, ctx.server.seams);
    if (problem) return fail(ctx, problem[0], problem[1]);
    if (quotaFull('toolUsers', s.users.length)) return quotaReached(ctx, 'toolUsers');
    const { employee_name: name, number, business_name: branch, type, password } = ctx.input;
    const user: ToolUser = { id: s.nextId++, name, number, branch, type, disabled: false, passwordDigest: digest(password) };
    s.users.push(user);
    return ok(ctx, { collaboratorId: user.id });
  }),

  // 4.10 disable: message partner_disabled; disabling a disabled employee leaves it disabled.
  'employees/disable': handler(employees.EmployeeDisableRequest, (ctx) => {
    const user = staff(ctx.account).users.find((u) => u.number === ctx.input.number);
    if (!user) return fail(ctx, 'employee_not_found', 'No employee with this number');
    user.disabled = true;
    return ok(ctx);
  }),
};
