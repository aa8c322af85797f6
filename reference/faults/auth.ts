/**
 * The seams and faults of authentication (5): where the key is read, the removed token header, the
 * allow-list, the manager key and the body of an auth error.
 */
import { faultOn, point, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const AUTH_SEAMS = {
  'auth.presented-key': point<string | undefined, { header: string | undefined; field: string | undefined; authorization: string | undefined }>(
    'rule:auth.no-bearer',
    'rule:auth.body-field-apikey',
  ),
  'auth.token-header-refused': point<boolean>('err:auth_deprecated'),
  'auth.missing-key-code': point<string>('err:auth_01'),
  'auth.outside-allow-list': point<boolean>('err:auth_04'),
  'auth.manager-key-refused': point<boolean, { kind: string }>('rule:auth.manager-key-required'),
  'auth.error-body': point<Record<string, unknown>>('rule:auth.error-body'),
} as const;

const fault = faultOn(AUTH_SEAMS);

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const AUTH_MUTANTS = [
  {
    id: 'auth-missing-key-05',
    requirement: 'err:auth_01',
    description: 'a request without any key answers auth_05 (invalid key) instead of auth_01',
    fault: fault('auth.missing-key-code', () => 'auth_05'),
  },
  {
    id: 'auth-bearer-accepted',
    requirement: 'rule:auth.no-bearer',
    description: 'Authorization: Bearer <key> is accepted as the API key',
    fault: fault('auth.presented-key', (key, c) => key || c.authorization?.replace(/^Bearer\s+/i, '')),
  },
  {
    id: 'auth-token-header-ignored',
    requirement: 'err:auth_deprecated',
    description: 'the legacy token header is ignored instead of answering 410 auth_deprecated',
    fault: fault('auth.token-header-refused', () => false),
  },
  {
    id: 'auth-allow-list-skipped',
    requirement: 'err:auth_04',
    description: 'the IP allow-list is never checked (no 403 auth_04)',
    fault: fault('auth.outside-allow-list', () => false),
  },
  {
    id: 'auth-body-key-ignored',
    requirement: 'rule:auth.body-field-apikey',
    description: 'the apikey body field is not read: only the header authenticates',
    fault: fault('auth.presented-key', (_, c) => c.header),
  },
  {
    id: 'auth-subaccount-manager-ops',
    requirement: 'rule:auth.manager-key-required',
    description: 'a subaccount key is accepted on /manager/subaccount/*',
    fault: fault('auth.manager-key-refused', (refused, c) => refused && c.kind !== 'subaccount'),
  },
  {
    id: 'auth-error-no-status',
    requirement: 'rule:auth.error-body',
    description: 'auth error bodies lack the status field',
    fault: fault('auth.error-body', ({ status: _, ...body }) => body),
  },
] as const satisfies readonly MutantEntry[];
