/**
 * The `rule:` requirements of tool users (4.10) that no table holds, one record each: id, section,
 * statement, the document's words and their level (rule-record.ts; a level below fail says why).
 */
import { reading, stated } from '../quote-level.ts';
import { rulesOf } from './rule-record.ts';

export const EMPLOYEES_RULE_RECORDS = rulesOf('employees', [
  {
    id: 'rule:employees.listed',
    section: '4.10',
    statement: 'An employee added is listed by /toolusers/get.',
    ...stated('POST /toolusers/get: no body. result array (section 2.5), code tool_users_01.'),
  },
  {
    id: 'rule:employees.unique',
    section: '4.10',
    statement: '/employee/add validates unique password, user name and phone (user name read as employee_name).',
    ...reading(
      'no field is called "user name": which field it is (employee_name) is our reading; the unique ' +
        'phone and password are stated (limit:employee-phone-unique, limit:employee-password-unique)',
      'Validates unique password, user name and phone.',
    ),
  },
  {
    id: 'rule:employees.roles',
    section: '4.10, 2.5',
    statement: 'type is cajero or gerente: another type is refused.',
    ...stated('type (req: cajero or gerente)', 'Employee roles: cajero, gerente.'),
  },
]);
