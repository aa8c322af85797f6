/**
 * OpenAPI response links: the chains of calls the document implies, where a value of one answer
 * (or of its request) is what the next call names. A link sits on the success status of the
 * operation it starts from. An error may come with HTTP 200 too (7.1, 5), and OpenAPI 3.1 has no
 * link that depends on the body: so a value the request already holds is taken from the request
 * (`$request.body`, which resolves whatever the answer), and only a value that the success alone
 * gives (a list_key, a contact's id, a wallet_key) from the answer, which resolves from a success
 * answer only. Each link says it holds when `success` is true.
 *
 * Body fields are given as a literal request body whose string values embed runtime expressions in
 * braces (OpenAPI 3.1, "Runtime Expressions": "Expressions can be embedded into string values by
 * surrounding the expression with {} curly braces"); query parameters by `parameters`. A link names
 * the fields the chain carries; the target's other fields are the caller's.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { openApiOperationId } from './operation-ids.ts';

export interface ResponseLink {
  /** operationId the link starts from, and the success statuses it sits on. */
  from: string;
  statuses: readonly string[];
  /** Name of the link within the response. */
  name: string;
  to: string;
  /** Section of the document that implies the chain. */
  section: string;
  why: string;
  requestBody?: Readonly<Record<string, string>>;
  parameters?: Readonly<Record<string, string>>;
}

const fromResponse = (pointer: string): string => `{$response.body#/${pointer}}`;
const fromRequest = (pointer: string): string => `{$request.body#/${pointer}}`;

const LIST_KEY = { section: '4.7, 2.3', why: 'list_key: identifier of the list, used by all contact operations' } as const;
const listKeyFromAnswer = { list_key: fromResponse('list_key') };

const OTP_V2_NUMBER = { section: '4.4, 3.1', why: 'a verification is kept per phone_number + country_code' } as const;
const otpV2Number = { phone_number: fromRequest('phone_number'), country_code: fromRequest('country_code') };

const SUBACCOUNT_EMAIL = { section: '4.11, 2.6', why: 'a subaccount is identified by email, the one its add names' } as const;
const subaccountEmail = { email: fromRequest('email') };

const WALLET = { section: '4.8, 2.5', why: 'wallet_key: the key of a wallet of the account (the first of the list)' } as const;
const walletKey = { wallet_key: fromResponse('result/0/wallet_key') };
const WALLET_CONTACT = { section: '4.8', why: 'a wallet contact is named by wallet_key and phone' } as const;
const walletContact = { wallet_key: fromRequest('wallet_key'), phone: fromRequest('phone') };

const LOYALTY = { section: '4.9, 2.5', why: 'loyalty_key: the key of a loyalty card of the account (the first of the list)' } as const;
const loyaltyKey = { loyalty_key: fromResponse('result/0/loyalty_key') };
const LOYALTY_CONTACT = { section: '4.9', why: 'a loyalty contact is named by loyalty_key and phone' } as const;
const loyaltyContact = { loyalty_key: fromRequest('loyalty_key'), phone: fromRequest('phone') };

const WEBHOOK = { section: '4.14, 7.2', why: 'status and delete act on the registered webhook (status_webhook_04: none registered)' } as const;

export const RESPONSE_LINKS: readonly ResponseLink[] = [
  // 4.7 /agendas/add answers list_key; 2.3: "used by all contact operations".
  { from: 'agendas/add', statuses: ['200'], name: 'AddContact', to: 'contacts/add', ...LIST_KEY, requestBody: listKeyFromAnswer },
  { from: 'agendas/add', statuses: ['200'], name: 'ListContacts', to: 'agendas/list-contacts', ...LIST_KEY, requestBody: listKeyFromAnswer },
  { from: 'agendas/add', statuses: ['200'], name: 'Rename', to: 'agendas/rename', ...LIST_KEY, requestBody: listKeyFromAnswer },
  { from: 'agendas/add', statuses: ['200'], name: 'Delete', to: 'agendas/delete', ...LIST_KEY, requestBody: listKeyFromAnswer },
  // 4.6: the contact of the callback (2.4) by its list and number, and by its id.
  {
    from: 'contacts/add',
    statuses: ['200'],
    name: 'Update',
    to: 'contacts/update',
    section: '4.6',
    why: 'a contact is named by list_key and number',
    requestBody: { list_key: fromRequest('list_key'), number: fromRequest('number') },
  },
  {
    from: 'contacts/add',
    statuses: ['200'],
    name: 'Delete',
    to: 'contacts/delete',
    section: '4.6',
    why: 'a contact is named by list_key and number',
    requestBody: { list_key: fromRequest('list_key'), number: fromRequest('number') },
  },
  {
    from: 'contacts/add',
    statuses: ['200'],
    name: 'Duplicate',
    to: 'contacts/duplicate',
    section: '4.6, 2.4',
    why: 'contact_id is the id of the callback; current_list_key the list it was added to',
    requestBody: { current_list_key: fromRequest('list_key'), contact_id: fromResponse('callback/id') },
  },
  {
    from: 'contacts/add',
    statuses: ['200'],
    name: 'Poll',
    to: 'contacts/poll',
    section: '4.6, 2.4',
    why: 'polling names list_key and contact_id (the path parameter action: allowed values not shown)',
    requestBody: { list_key: fromRequest('list_key'), contact_id: fromResponse('callback/id') },
  },
  // 4.11: add answers email; archive, get_apikey and credits/manage take it.
  { from: 'subaccounts/add', statuses: ['200'], name: 'Archive', to: 'subaccounts/archive', ...SUBACCOUNT_EMAIL, requestBody: subaccountEmail },
  { from: 'subaccounts/add', statuses: ['200'], name: 'GetApikey', to: 'subaccounts/get-apikey', ...SUBACCOUNT_EMAIL, requestBody: subaccountEmail },
  { from: 'subaccounts/add', statuses: ['200'], name: 'ManageCredits', to: 'subaccounts/manage-credits', ...SUBACCOUNT_EMAIL, requestBody: subaccountEmail },
  // 4.4, 3.1: the number of the create is the one verify, status and delete name.
  { from: 'otp-v2/create', statuses: ['200', '201'], name: 'Verify', to: 'otp-v2/verify', ...OTP_V2_NUMBER, requestBody: otpV2Number },
  {
    from: 'otp-v2/create',
    statuses: ['200', '201'],
    name: 'Status',
    to: 'otp-v2/get-status',
    ...OTP_V2_NUMBER,
    // Query parameters (ambiguity otp-status-request-shape: the placement the file gives).
    parameters: { phone_number: '$request.body#/phone_number', country_code: '$request.body#/country_code' },
  },
  { from: 'otp-v2/create', statuses: ['200', '201'], name: 'Delete', to: 'otp-v2/delete', ...OTP_V2_NUMBER, requestBody: otpV2Number },
  // 4.5: verify and resend name the number of the send.
  {
    from: 'otp-legacy/send',
    statuses: ['200'],
    name: 'Verify',
    to: 'otp-legacy/verify',
    section: '4.5',
    why: 'verify names the phone_number of the send',
    requestBody: { phone_number: fromRequest('phone_number') },
  },
  {
    from: 'otp-legacy/send',
    statuses: ['200'],
    name: 'Resend',
    to: 'otp-legacy/resend',
    section: '4.5',
    why: 'resend takes phone_number, country_code and company, as the send',
    requestBody: { phone_number: fromRequest('phone_number'), country_code: fromRequest('country_code'), company: fromRequest('company') },
  },
  // 4.8, 2.5: the wallets of the account, then a contact of one by its phone.
  { from: 'wallet/list', statuses: ['200'], name: 'AddContact', to: 'wallet/add-contact', ...WALLET, requestBody: walletKey },
  { from: 'wallet/list', statuses: ['200'], name: 'GetContact', to: 'wallet/get-contact', ...WALLET, requestBody: walletKey },
  { from: 'wallet/list', statuses: ['200'], name: 'UpdateBalance', to: 'wallet/update-balance', ...WALLET, requestBody: walletKey },
  { from: 'wallet/list', statuses: ['200'], name: 'RegisterSale', to: 'wallet/register-sale', ...WALLET, requestBody: walletKey },
  { from: 'wallet/add-contact', statuses: ['200'], name: 'GetContact', to: 'wallet/get-contact', ...WALLET_CONTACT, requestBody: walletContact },
  { from: 'wallet/add-contact', statuses: ['200'], name: 'UpdateBalance', to: 'wallet/update-balance', ...WALLET_CONTACT, requestBody: walletContact },
  { from: 'wallet/add-contact', statuses: ['200'], name: 'RegisterSale', to: 'wallet/register-sale', ...WALLET_CONTACT, requestBody: walletContact },
  // 4.9, 2.5: the loyalty cards of the account, then a contact of one by its phone.
  { from: 'loyalty/list', statuses: ['200'], name: 'AddContact', to: 'loyalty/add-contact', ...LOYALTY, requestBody: loyaltyKey },
  { from: 'loyalty/list', statuses: ['200'], name: 'GetContacts', to: 'loyalty/get-contacts', ...LOYALTY, requestBody: loyaltyKey },
  { from: 'loyalty/list', statuses: ['200'], name: 'RegisterSale', to: 'loyalty/register-sale', ...LOYALTY, requestBody: loyaltyKey },
  { from: 'loyalty/add-contact', statuses: ['200'], name: 'GetContacts', to: 'loyalty/get-contacts', ...LOYALTY_CONTACT, requestBody: loyaltyContact },
  { from: 'loyalty/add-contact', statuses: ['200'], name: 'RegisterSale', to: 'loyalty/register-sale', ...LOYALTY_CONTACT, requestBody: loyaltyContact },
  // 4.14: the webhook an add registered; the calls carry no field of it.
  { from: 'webhooks/add', statuses: ['200'], name: 'SetStatus', to: 'webhooks/set-status', ...WEBHOOK },
  { from: 'webhooks/add', statuses: ['200'], name: 'Delete', to: 'webhooks/delete', ...WEBHOOK },
  // 4.10: an employee is disabled by its number.
  {
    from: 'employees/add',
    statuses: ['200'],
    name: 'Disable',
    to: 'employees/disable',
    section: '4.10',
    why: 'disable names the number',
    requestBody: { number: fromRequest('number') },
  },
];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The operation of a registry id (its emitted operationId is operation-ids.ts's). */
function operationById(document: OpenAPIObject, registryId: string): Node {
  const operationId = openApiOperationId(registryId);
  for (const item of Object.values(document.paths ?? {}) as Node[])
    for (const operation of Object.values(item)) if (isNode(operation) && operation.operationId === operationId) return operation;
  throw new Error(`links: no operation ${operationId}`);
}

/** Adds the links to the success responses they start from (inline responses only). */
export function addResponseLinks(document: OpenAPIObject, links: readonly ResponseLink[] = RESPONSE_LINKS): void {
  for (const link of links) {
    operationById(document, link.to);
    const responses = operationById(document, link.from).responses;
    for (const status of link.statuses) {
      const response = isNode(responses) ? responses[status] : undefined;
      if (!isNode(response) || '$ref' in response) throw new Error(`links: ${link.from} has no inline ${status} response`);
      const existing = isNode(response.links) ? response.links : {};
      if (link.name in existing) throw new Error(`links: ${link.from} ${status} has two links named ${link.name}`);
      response.links = {
        ...existing,
        [link.name]: {
          operationId: openApiOperationId(link.to),
          ...(link.parameters ? { parameters: link.parameters } : {}),
          ...(link.requestBody ? { requestBody: link.requestBody } : {}),
          description: `When \`success\` is true: ${link.why} (section ${link.section}).`,
        },
      };
    }
  }
}
