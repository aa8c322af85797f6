/**
 * Named request examples of every operation that takes a body or parameters: each one a request a
 * conformant server accepts, the first of an operation the one a stateful run starts from. Where
 * a field names something an earlier answer gives (a list_key, a wallet_key, a contact id), the
 * value here only shows its form: the response links of the OpenAPI file carry the real one.
 *
 * Every future moment is in 2099 and every past one fixed, so no example goes stale.
 */
export interface RequestExample {
  summary: string;
  value: Readonly<Record<string, unknown>>;
}

export interface OperationRequestExamples {
  /** Examples of the body (JSON, and the same fields form-encoded, section 4). */
  body?: Readonly<Record<string, RequestExample>>;
  /** Examples of the query and path parameters: all parameters of one request in each. */
  parameters?: Readonly<Record<string, RequestExample>>;
}

/** 2.1: Mexico only; national numbers have 10 digits (4.2). */
const NUMBER = '5512345678';
const OTHER_NUMBER = '5598765432';
/** GSM-7 text without accents (4.2). */
const TEXT = 'Tu pedido ha sido enviado';
/** 4.4: the message must contain {{code}} and {{company}}. */
const OTP_MESSAGE = '{{company}}: tu codigo es {{code}}';

export const REQUEST_EXAMPLES: Readonly<Record<string, OperationRequestExamples>> = {
  'sms/send': {
    body: {
      sms: { summary: 'A sandbox SMS (channel 1): validated, nothing delivered or charged (4.2)', value: { numbers: NUMBER, message: TEXT, sandbox: 1 } },
      rcs: { summary: 'The same as RCS (channel 2), in sandbox (4.2)', value: { numbers: NUMBER, message: TEXT, channel: 2, sandbox: 1 } },
      with_campaign_id: {
        summary: 'Two recipients, answered with the campaignId (2.2: showCampaignId=true)',
        value: { numbers: `${NUMBER},${OTHER_NUMBER}`, message: TEXT, sandbox: 1, showCampaignId: true },
      },
    },
    // showCampaignId in the query too: its place is not shown (4.2, ambiguity show-campaign-id-placement).
    parameters: { with_campaign_id: { summary: 'showCampaignId also as a query parameter (its place: not shown, 4.2)', value: { showCampaignId: 'true' } } },
  },
  'sms/send-via-get': {
    parameters: {
      sms: { summary: 'A single SMS with its sender and country code (4.2)', value: { numbers: NUMBER, message: TEXT, sender: 'MYBRAND', country_code: '52' } },
    },
  },
  'voice/send': {
    body: {
      template_a: {
        summary: 'Template a (verification) with its company and code, in sandbox (4.3)',
        value: { numbers: NUMBER, country_code: '52', template: 'a', company: 'ACME', code: '4821', sandbox: 1 },
      },
      custom_text: {
        summary: 'Template k reads voice_message, in sandbox (4.3)',
        value: { numbers: NUMBER, country_code: '52', template: 'k', voice_message: 'Su cita es manana a las diez', formal_tone: true, sandbox: 1 },
      },
    },
  },
  'voice/send-via-get': {
    parameters: {
      template_a: {
        summary: 'Template a with its company and code, formal, in sandbox (4.3)',
        value: { numbers: NUMBER, country_code: '52', template: 'a', company: 'ACME', code: '4821', formal_tone: 'true', sandbox: '1' },
      },
      custom_text: {
        summary: 'Template k reads voice_message, in sandbox (4.3)',
        value: { numbers: NUMBER, country_code: '52', template: 'k', voice_message: 'Su cita es manana a las diez', sandbox: '1' },
      },
    },
  },
  'otp-v2/create': {
    body: {
      own_code: {
        summary: 'Sandbox, with a code of your own (4.4: code_in_response is then not needed)',
        value: { phone_number: NUMBER, country_code: '52', company: 'ACME', message: OTP_MESSAGE, code_custom: 'A1B2C3', sandbox: true },
      },
      code_in_response: {
        summary: 'Sandbox, a generated 6-digit code returned in the answer (4.4)',
        value: { phone_number: OTHER_NUMBER, country_code: '52', company: 'ACME', message: OTP_MESSAGE, code_length: 6, sandbox: true, code_in_response: true },
      },
    },
  },
  'otp-v2/verify': {
    body: { code: { summary: 'The code sent to the number (4.4)', value: { phone_number: NUMBER, country_code: '52', code: 'A1B2C3' } } },
  },
  'otp-v2/get-status': {
    parameters: {
      number: {
        summary: 'The number of a verification (4.4; placement: ambiguity otp-status-request-shape)',
        value: { phone_number: NUMBER, country_code: '52' },
      },
    },
  },
  'otp-v2/delete': {
    body: { number: { summary: 'The number whose verification ends (4.4)', value: { phone_number: NUMBER, country_code: '52' } } },
    // The same number in the query too: its request shape is not shown (4.4, ambiguity otp-delete-request-shape).
    parameters: {
      number: { summary: 'The number, also as query parameters (request shape: not shown, 4.4)', value: { phone_number: NUMBER, country_code: '52' } },
    },
  },
  'otp-legacy/send': {
    body: {
      sms: {
        summary: 'A code by SMS, template a, the code shown in the answer (4.5: showcode=1)',
        value: { phone_number: '5511112222', country_code: '52', company: 'ACME', template: 'a', code_length: 4, showcode: 1 },
      },
    },
  },
  'otp-legacy/verify': {
    body: { code: { summary: 'The code the number received (4.5)', value: { phone_number: '5511112222', verification_code: '4821' } } },
  },
  'otp-legacy/resend': {
    body: {
      sms: {
        summary: 'The code again, to the number of the send, with the fields of the send (4.5)',
        value: { phone_number: '5511112222', country_code: '52', company: 'ACME', template: 'a', showcode: 1 },
      },
    },
  },
  'otp-legacy/reset': {
    body: { number: { summary: 'The number whose record restarts (4.5; its fields: not shown)', value: { phone_number: '5511112222', country_code: '52' } } },
  },
  'contacts/add': {
    body: {
      contact: {
        summary: 'A contact with its name, email and birthday (4.6)',
        value: { list_key: 'lk_8f2c1a', number: NUMBER, name: 'Ana Lopez', email: 'ana@example.com', birthday_date: '1990-05-17' },
      },
    },
  },
  'contacts/update': {
    body: { email: { summary: "A contact's new email (4.6)", value: { list_key: 'lk_8f2c1a', number: NUMBER, email: 'ana.lopez@example.com' } } },
  },
  'contacts/delete': {
    body: { contact: { summary: 'A contact of a list, by its number (4.6)', value: { list_key: 'lk_8f2c1a', number: NUMBER } } },
  },
  'contacts/duplicate': {
    body: {
      contact: { summary: 'A contact copied into another list (4.6)', value: { current_list_key: 'lk_8f2c1a', new_list_key: 'lk_4d7e9b', contact_id: '1042' } },
    },
  },
  'contacts/poll': {
    body: { contact: { summary: 'The changes of a contact (4.6)', value: { list_key: 'lk_8f2c1a', contact_id: '1042' } } },
    parameters: { contact: { summary: 'The changes of a contact; an action (its allowed values: not shown, 4.6)', value: { action: 'update' } } },
  },
  'agendas/add': {
    body: {
      customers: { summary: 'A list with a description (4.7)', value: { agenda_name: 'Clientes', agenda_description: 'Clientes frecuentes' } },
      suppliers: {
        summary: 'A list with the labels of two custom fields (4.7)',
        value: { agenda_name: 'Proveedores', custom_field_1: 'Ciudad', custom_field_2: 'Giro' },
      },
    },
  },
  'agendas/rename': {
    body: { name: { summary: 'A new name for a list (4.7)', value: { list_key: 'lk_8f2c1a', agenda_name: 'Clientes 2099' } } },
  },
  'agendas/list-contacts': { body: { list: { summary: 'The contacts of a list (4.7)', value: { list_key: 'lk_8f2c1a' } } } },
  'agendas/delete': { body: { list: { summary: 'A list and all its contacts (4.7)', value: { list_key: 'lk_8f2c1a' } } } },
  'agendas/find': { parameters: { name: { summary: 'Lists whose name matches (4.7)', value: { query: 'Clientes' } } } },
  'wallet/add-contact': {
    body: {
      contact: {
        summary: 'A customer of a wallet, served by a tool user (4.8)',
        value: { wallet_key: 'wk_3a9f', phone: NUMBER, customer_name: 'Ana Lopez', usertool_id: 12 },
      },
    },
  },
  'wallet/get-contact': {
    body: { contact: { summary: "A customer's wallet balance, by phone (4.8)", value: { wallet_key: 'wk_3a9f', phone: NUMBER } } },
  },
  'wallet/update-balance': {
    body: {
      add: {
        summary: 'Adds to the balance (4.8: transaction_type 0)',
        value: { wallet_key: 'wk_3a9f', phone: NUMBER, transaction_type: 0, transaction_amount: 150.5 },
      },
    },
  },
  'wallet/register-sale': {
    body: {
      add: {
        summary: 'A sale that adds to the balance (4.8: transaction_amount with transaction_type 0)',
        value: { wallet_key: 'wk_3a9f', phone: NUMBER, transaction_type: 0, usertool_id: 12, transaction_amount: 80 },
      },
    },
  },
  'loyalty/add-contact': {
    body: {
      contact: {
        summary: 'A customer of a loyalty card, served by a tool user (4.9)',
        value: { loyalty_key: 'lc_7b21', phone: NUMBER, customer_name: 'Ana Lopez', usertool_id: 12 },
      },
    },
  },
  'loyalty/get-contacts': {
    body: { contact: { summary: "A card's customers, by phone (4.9)", value: { loyalty_key: 'lc_7b21', phone: NUMBER } } },
  },
  'loyalty/register-sale': {
    body: { stamp: { summary: 'A stamp for a customer (4.9)', value: { loyalty_key: 'lc_7b21', phone: NUMBER, usertool_id: 12 } } },
  },
  'employees/add': {
    body: {
      cashier: {
        summary: 'A cashier (4.10)',
        value: { type: 'cajero', employee_name: 'Luis Perez', business_name: 'Cafe Centro', number: '5533334444', password: 'Cajero-2099' },
      },
    },
  },
  'employees/disable': { body: { number: { summary: 'A tool user, by number (4.10)', value: { number: '5533334444' } } } },
  'subaccounts/add': {
    body: { branch: { summary: 'A subaccount (4.11: manager key)', value: { email: 'branch01@example.com', password: 'S3cure-pass' } } },
  },
  'subaccounts/archive': { body: { branch: { summary: 'A subaccount, by email (4.11)', value: { email: 'branch01@example.com' } } } },
  'subaccounts/get-apikey': { body: { branch: { summary: "A subaccount's key, by email (4.11)", value: { email: 'branch01@example.com' } } } },
  'subaccounts/manage-credits': {
    body: { add: { summary: 'Adds 100 credits to a subaccount (4.11: type 1)', value: { email: 'branch01@example.com', type: 1, credits: 100 } } },
  },
  'reports/generate': {
    body: { month: { summary: "A month's sandbox sends (4.12)", value: { start_date: '2026-11-01', end_date: '2026-11-30', sandbox: 1 } } },
  },
  'reports/get-campaign-details': {
    body: { campaign: { summary: 'The details of a sandbox campaign (4.12)', value: { campaign_id: 1001, sandbox: 1 } } },
  },
  'payments/send-request': {
    body: {
      payment: {
        summary: 'A payment link by SMS, with amount, name and email (4.13)',
        value: {
          number: NUMBER,
          country_code: '52',
          template: 'cobro_mensual',
          message: 'Tu pago de noviembre esta listo',
          amount: 350,
          name: 'Ana Lopez',
          email: 'ana@example.com',
        },
      },
    },
  },
  'webhooks/add': {
    body: { enabled: { summary: 'A public URL, enabled (4.14)', value: { url: 'https://hooks.example.com/messaging', status: '1' } } },
  },
  'webhooks/set-status': { body: { disabled: { summary: 'Disables the webhook (4.14)', value: { status: '0' } } } },
  'other/whatsapp-send': { body: { empty: { summary: 'Its fields: not shown (4.15)', value: {} } } },
  'other/agenda': { body: { empty: { summary: 'Its fields: not shown (4.15)', value: {} } } },
  'other/campaigns': { body: { empty: { summary: 'Its fields: not shown (4.15)', value: {} } } },
  'legacy-v1/send': {
    parameters: {
      sms: {
        summary: 'A single SMS in sandbox, the key as a parameter (4.16, 5.5)',
        value: { apikey: 'YOUR_API_KEY', mensaje: TEXT, numcelular: NUMBER, numregion: '52', remitente: 'MYBRAND', language: 'es', sandbox: '1' },
      },
    },
  },
  'legacy-v1/send-multi': {
    parameters: {
      batch: {
        summary: 'Two numbers in sandbox, the key as a parameter (4.16, 5.5)',
        value: {
          apikey: 'YOUR_API_KEY',
          mensaje: TEXT,
          numcelular: `${NUMBER},${OTHER_NUMBER}`,
          numregion: '52',
          remitente: 'MYBRAND',
          language: 'en',
          sandbox: '1',
        },
      },
    },
  },
};
