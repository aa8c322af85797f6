/**
 * The operationId each operation has in the emitted OpenAPI file: a verb and its object in
 * camelCase (`sendSms`, `createOtpV2`, `listAgendaContacts`), which every client generator turns
 * into a readable function name. The registry's own ids (`area/verb-noun`, schemas/operations.ts)
 * stay the keys of the requirement catalogue (`op:sms/send` in `x-requirements`) and of the kit;
 * generators strip their slashes and dashes into run-together words (`smssend`, `otp_v2create`).
 */
export const OPENAPI_OPERATION_IDS: Readonly<Record<string, string>> = {
  'credits/consult': 'consultCredits',
  'sms/send': 'sendSms',
  'sms/send-via-get': 'sendSmsViaGet',
  'voice/send': 'sendVoice',
  'voice/send-via-get': 'sendVoiceViaGet',
  'otp-v2/create': 'createOtpV2',
  'otp-v2/delete': 'deleteOtpV2',
  'otp-v2/verify': 'verifyOtpV2',
  'otp-v2/get-status': 'getOtpV2Status',
  'otp-legacy/send': 'sendLegacyOtp',
  'otp-legacy/verify': 'verifyLegacyOtp',
  'otp-legacy/resend': 'resendLegacyOtp',
  'otp-legacy/reset': 'resetLegacyOtp',
  'contacts/add': 'addContact',
  'contacts/update': 'updateContact',
  'contacts/delete': 'deleteContact',
  'contacts/duplicate': 'duplicateContact',
  'contacts/poll': 'pollContact',
  'agendas/add': 'addAgenda',
  'agendas/list': 'listAgendas',
  'agendas/rename': 'renameAgenda',
  'agendas/list-contacts': 'listAgendaContacts',
  'agendas/delete': 'deleteAgenda',
  'agendas/find': 'findAgendas',
  'wallet/list': 'listWallets',
  'wallet/add-contact': 'addWalletContact',
  'wallet/get-contact': 'getWalletContact',
  'wallet/update-balance': 'updateWalletBalance',
  'wallet/register-sale': 'registerWalletSale',
  'loyalty/list': 'listLoyaltyCards',
  'loyalty/add-contact': 'addLoyaltyContact',
  'loyalty/get-contacts': 'getLoyaltyContacts',
  'loyalty/register-sale': 'registerLoyaltySale',
  'employees/list': 'listEmployees',
  'employees/add': 'addEmployee',
  'employees/disable': 'disableEmployee',
  'subaccounts/add': 'addSubaccount',
  'subaccounts/archive': 'archiveSubaccount',
  'subaccounts/get-apikey': 'getSubaccountApikey',
  'subaccounts/manage-credits': 'manageSubaccountCredits',
  'reports/generate': 'generateReport',
  'reports/get-campaign-details': 'getCampaignDetails',
  'payments/send-request': 'sendPaymentRequest',
  'webhooks/get': 'getWebhook',
  'webhooks/add': 'addWebhook',
  'webhooks/set-status': 'setWebhookStatus',
  'webhooks/delete': 'deleteWebhook',
  'other/whatsapp-send': 'sendWhatsapp',
  'other/agenda': 'postAgenda',
  'other/campaigns': 'postCampaigns',
  'legacy-v1/send': 'sendLegacyV1Sms',
  'legacy-v1/send-multi': 'sendLegacyV1SmsMulti',
};

/** The emitted operationId of a registry operation; throws for an operation the table misses. */
export function openApiOperationId(registryId: string): string {
  const id = OPENAPI_OPERATION_IDS[registryId];
  if (id === undefined) throw new Error(`operation ids: no OpenAPI operationId for ${registryId} (spec/operation-ids.ts)`);
  return id;
}

const REGISTRY_IDS: ReadonlyMap<string, string> = new Map(Object.entries(OPENAPI_OPERATION_IDS).map(([registryId, id]) => [id, registryId]));

/** The registry id (`area/verb-noun`) of an emitted operationId; throws for one the table does not give. */
export function registryIdOf(openApiId: string): string {
  const registryId = REGISTRY_IDS.get(openApiId);
  if (registryId === undefined) throw new Error(`operation ids: ${openApiId} is no emitted operationId (spec/operation-ids.ts)`);
  return registryId;
}
