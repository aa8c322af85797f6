/**
 * The operation registry: every operation of section 4, from the area modules, with the result
 * codes (error-codes.ts) and limits (limits.ts) that name it. Everything else reads this.
 */
import { agendasOperations } from './agendas.ts';
import { contactsOperations } from './contacts.ts';
import { creditsOperations } from './credits.ts';
import { employeesOperations } from './employees.ts';
import { codesOfOperation, type ResultCode } from './error-codes.ts';
import { legacyV1Operations } from './legacy-v1.ts';
import { LIMITS, type Limit } from './limits.ts';
import { loyaltyOperations } from './loyalty.ts';
import type { OperationDefinition } from './operation.ts';
import { otherOperations } from './other-paths.ts';
import { otpLegacyOperations } from './otp-legacy.ts';
import { otpV2Operations } from './otp-v2.ts';
import { paymentsOperations } from './payments.ts';
import { reportsOperations } from './reports.ts';
import { smsOperations } from './sms.ts';
import { subaccountsOperations } from './subaccounts.ts';
import { voiceOperations } from './voice.ts';
import { walletOperations } from './wallet.ts';
import { webhooksOperations } from './webhooks.ts';

export interface Operation extends OperationDefinition {
  /** The codes of sections 7.2 to 7.4 that this operation documents (common codes excluded). */
  errorCodes: readonly ResultCode[];
  /** The limits of section 8 and of the field tables that apply to it. */
  limits: readonly Limit[];
}

const DEFINITIONS: readonly OperationDefinition[] = [
  ...creditsOperations,
  ...smsOperations,
  ...voiceOperations,
  ...otpV2Operations,
  ...otpLegacyOperations,
  ...contactsOperations,
  ...agendasOperations,
  ...walletOperations,
  ...loyaltyOperations,
  ...employeesOperations,
  ...subaccountsOperations,
  ...reportsOperations,
  ...paymentsOperations,
  ...webhooksOperations,
  ...otherOperations,
  ...legacyV1Operations,
];

export const OPERATIONS: readonly Operation[] = DEFINITIONS.map((def) => ({
  ...def,
  errorCodes: codesOfOperation(def.operationId),
  limits: (LIMITS as readonly Limit[]).filter((l) => l.operations.includes(def.operationId)),
}));

const byId = new Map(OPERATIONS.map((op) => [op.operationId, op]));

export function operationById(operationId: string): Operation {
  const op = byId.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  return op;
}

/** The operation answering `method path`, path parameters matched by `{name}` segments. */
export function operationFor(method: string, path: string): Operation | undefined {
  const segments = path.split('/');
  return OPERATIONS.find((op) => {
    if (op.method !== method.toUpperCase()) return false;
    const own = op.path.split('/');
    return own.length === segments.length && own.every((s, i) => s.startsWith('{') || s === segments[i]);
  });
}
