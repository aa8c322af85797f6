/**
 * The areas of the document. Each is an OpenAPI tag, a suite file, an Allure epic and a block of
 * the summary. Order follows section 4.
 */
export const AREAS = [
  { id: 'envelope', name: 'Envelope', section: '2.1', description: 'The common response envelope and error bodies shared by every operation.' },
  {
    id: 'credits',
    name: 'Credits',
    section: '4.1',
    description: 'Credit balance of the account and, on administrator accounts, the pool for subaccounts (2.7).',
  },
  { id: 'sms', name: 'SMS', section: '4.2', description: 'SMS to one or many recipients, immediate or scheduled, with RCS, flash SMS and URL shortening.' },
  { id: 'voice', name: 'Voice', section: '4.3', description: 'Voice calls that read a text-to-speech template.' },
  {
    id: 'otp-v2',
    name: 'OTP (current)',
    section: '4.4',
    description: 'The current OTP verification flow under /v2/otp for SMS, WhatsApp and voice (state table 3.1).',
  },
  { id: 'otp-legacy', name: 'OTP (legacy)', section: '4.5', description: 'The legacy OTP set under /otp/* with templates a to n.' },
  { id: 'contacts', name: 'Contacts', section: '4.6', description: 'Contacts inside contact lists.' },
  { id: 'agendas', name: 'Contact lists', section: '4.7', description: 'Contact lists (agendas): create, rename, list, delete, search.' },
  { id: 'wallet', name: 'Wallet', section: '4.8', description: 'Stored-balance wallet programs for contacts.' },
  { id: 'loyalty', name: 'Loyalty cards', section: '4.9', description: 'Loyalty-card (stamp) programs for contacts.' },
  { id: 'employees', name: 'Tool users', section: '4.10', description: 'Tool users (employees or collaborators) who operate wallets and loyalty cards.' },
  {
    id: 'subaccounts',
    name: 'Subaccounts',
    section: '4.11',
    description: 'Subaccounts administered by a manager account, each with its own API key and balance.',
  },
  { id: 'reports', name: 'Reports', section: '4.12', description: 'Sending reports and campaign details.' },
  { id: 'payments', name: 'Payment requests', section: '4.13', description: 'Payment-request links sent by SMS.' },
  { id: 'webhooks', name: 'Webhooks', section: '4.14', description: 'The one webhook per account that receives delivery confirmations and replies (3.2, 6).' },
  { id: 'other', name: 'Other paths', section: '4.15', description: 'Paths named in passing whose shapes the document does not show.' },
  { id: 'legacy-v1', name: 'Legacy v1 SMS', section: '4.16', description: 'The legacy v1 SMS API with Spanish parameter names.' },
  { id: 'auth', name: 'Authentication', section: '5', description: 'API keys, manager keys, IP allow-lists and the removed token flow.' },
  {
    id: 'isolation',
    name: 'Isolation between accounts',
    section: '1, 5.2',
    description: "One account's key never sees, verifies or changes another account's OTP verifications, lists, contacts, campaigns, webhook or wallets.",
  },
  { id: 'events', name: 'Events', section: '6', description: 'Events delivered to the webhook: confirmation and response.' },
  {
    id: 'sandbox',
    name: 'Sandbox',
    section: '1, 4.2, 8',
    description: 'Sandbox mode: validations run and references are generated, nothing is delivered or charged.',
  },
  { id: 'limits', name: 'Limits', section: '8', description: 'The request rate limit and the other limits of section 8 that span areas.' },
] as const;

export type AreaId = (typeof AREAS)[number]['id'];
export const AREA_IDS = AREAS.map((a) => a.id) as readonly AreaId[];
export const areaById = (id: AreaId) => AREAS.find((a) => a.id === id)!;
