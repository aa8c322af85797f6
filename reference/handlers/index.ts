/** Every operation's handler, keyed by the registry's operationIds. */
import type { HandlerSet } from '../handler.ts';
import { agendasHandlers } from './agendas.ts';
import { contactsHandlers } from './contacts.ts';
import { creditsHandlers } from './credits.ts';
import { employeesHandlers } from './employees.ts';
import { legacyV1Handlers } from './legacy-v1.ts';
import { loyaltyHandlers } from './loyalty.ts';
import { otherPathsHandlers } from './other-paths.ts';
import { otpLegacyHandlers } from './otp-legacy.ts';
import { otpV2Handlers } from './otp-v2.ts';
import { paymentsHandlers } from './payments.ts';
import { reportsHandlers } from './reports.ts';
import { smsHandlers } from './sms.ts';
import { subaccountsHandlers } from './subaccounts.ts';
import { voiceHandlers } from './voice.ts';
import { walletHandlers } from './wallet.ts';
import { webhooksHandlers } from './webhooks.ts';

export const HANDLERS: HandlerSet = {
  ...creditsHandlers,
  ...smsHandlers,
  ...voiceHandlers,
  ...otpV2Handlers,
  ...otpLegacyHandlers,
  ...contactsHandlers,
  ...agendasHandlers,
  ...walletHandlers,
  ...loyaltyHandlers,
  ...employeesHandlers,
  ...subaccountsHandlers,
  ...reportsHandlers,
  ...paymentsHandlers,
  ...webhooksHandlers,
  ...otherPathsHandlers,
  ...legacyV1Handlers,
};
