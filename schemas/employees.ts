/** Section 4.10 and 2.5: tool users (employees or collaborators) who operate wallets and loyalty cards. */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { digits } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';

/** 2.5: "Employee roles: cajero, gerente". */
export const EMPLOYEE_ROLES = ['cajero', 'gerente'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];
export const EmployeeRoleSchema = z.enum(EMPLOYEE_ROLES).meta({ description: 'Employee role: cajero or gerente', example: 'cajero' });

const NUMBER_DIGITS = limitById('employee-number-digits').max!;
const PASSWORD_MAX = limitById('employee-password-length').max!;

/** Placeholder for example bodies whose message text the document does not state. */
const MESSAGE_NOT_SHOWN = '(message not shown)';

/**
 * 2.5: a tool user. usertool_type is a string (the roles of /employee/add are cajero and gerente,
 * but 2.5 does not say the listing uses the same spelling); usertool_status values: not shown (3.4).
 */
export const ToolUser = z
  .object({
    usertool_id: z.number().int(),
    usertool_name: z.string(),
    usertool_number: z.string(),
    // No operation sets a branch (4.10 add takes type, names, number, password): unset, it may be absent, null or "" (latitude unset-field).
    usertool_branch: unsettable(z.string()),
    usertool_type: z.string().meta({ description: 'Role (employee roles: cajero, gerente)', example: 'cajero' }),
    usertool_status: z.string().meta({ description: 'Values: not shown' }),
  })
  .meta({ id: 'ToolUser', description: 'Tool user (section 2.5)' });
export type ToolUser = z.infer<typeof ToolUser>;

export const EmployeeAddRequest = z
  .object({
    type: EmployeeRoleSchema,
    employee_name: z.string().min(1).meta({ description: 'Required; the user name must be unique', example: 'Luis Perez' }),
    business_name: z.string().min(1).meta({ description: 'Required', example: 'Cafe Centro' }),
    number: digits(NUMBER_DIGITS).meta({ description: `Exactly ${NUMBER_DIGITS} digits; must be unique`, example: '5512345678' }),
    // 4.10: "password (listed as required, max 50)"; it must also be unique.
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX)
      .meta({ description: `Listed as required, max ${PASSWORD_MAX}; must be unique` }),
  })
  .meta({ id: 'EmployeeAddRequest', description: 'POST /employee/add body (section 4.10)' });
export type EmployeeAddRequest = z.infer<typeof EmployeeAddRequest>;

export const EmployeeDisableRequest = z
  .object({
    number: z.string().min(1).meta({ description: 'Required: the number of the employee to disable', example: '5512345678' }),
  })
  .meta({ id: 'EmployeeDisableRequest', description: 'POST /employee/disable body (section 4.10)' });
export type EmployeeDisableRequest = z.infer<typeof EmployeeDisableRequest>;

export const EmployeeListResponse = successBody({ code: 'tool_users_01' }, { result: z.array(ToolUser) }).meta({
  id: 'EmployeeListResponse',
  description: 'Success of /toolusers/get (sections 4.10, 2.5)',
});

export const EmployeeAddResponse = successBody(
  { code: 'toolusers_01', message: 'partner_created_successfully' },
  { collaboratorId: z.number().int().meta({ description: 'Id of the new collaborator' }) },
).meta({ id: 'EmployeeAddResponse', description: 'Success of /employee/add (section 4.10)' });

export const EmployeeDisableResponse = successBody({ code: 'toolusers_01', message: 'partner_disabled' }, {}).meta({
  id: 'EmployeeDisableResponse',
  description: 'Success of /employee/disable (section 4.10)',
});

export const employeesOperations: OperationDefinition[] = [
  {
    operationId: 'employees/list',
    method: 'POST',
    path: '/toolusers/get',
    area: 'employees',
    summary: 'List tool users',
    description:
      'No body. Returns the tool users (employees) of the account: usertool_id, ' +
      'usertool_name, usertool_number, usertool_branch, usertool_type, usertool_status.',
    section: '4.10',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'tool_users_01',
      schema: EmployeeListResponse,
      examples: {
        users: {
          status: 200,
          summary: 'One tool user (message text and status values: not shown)',
          value: {
            success: true,
            message: MESSAGE_NOT_SHOWN,
            status: 200,
            code: 'tool_users_01',
            result: [
              {
                usertool_id: 12,
                usertool_name: 'Luis Perez',
                usertool_number: '5512345678',
                usertool_branch: 'Cafe Centro',
                usertool_type: 'cajero',
                usertool_status: '(not shown)',
              },
            ],
            request_id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d01',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'employees/add',
    method: 'POST',
    path: '/employee/add',
    area: 'employees',
    summary: 'Add an employee',
    description:
      'Creates a tool user of type cajero or gerente. Validates unique password, user name and phone. Answers the collaboratorId of the new collaborator.',
    section: '4.10',
    auth: 'account',
    request: { body: EmployeeAddRequest },
    success: {
      httpStatus: [200],
      code: 'toolusers_01',
      message: 'partner_created_successfully',
      schema: EmployeeAddResponse,
      examples: {
        created: {
          status: 200,
          summary: 'Employee created',
          value: {
            success: true,
            message: 'partner_created_successfully',
            status: 200,
            code: 'toolusers_01',
            collaboratorId: 12,
            request_id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d02',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'employees/disable',
    method: 'POST',
    path: '/employee/disable',
    area: 'employees',
    summary: 'Disable an employee',
    description: 'Disables the employee with the given number (section 3.4: POST /employee/disable disables an employee; status values: not shown).',
    section: '4.10',
    auth: 'account',
    request: { body: EmployeeDisableRequest },
    success: {
      httpStatus: [200],
      code: 'toolusers_01',
      message: 'partner_disabled',
      schema: EmployeeDisableResponse,
      examples: {
        disabled: {
          status: 200,
          summary: 'Employee disabled',
          value: { success: true, message: 'partner_disabled', status: 200, code: 'toolusers_01', request_id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d03' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
];
