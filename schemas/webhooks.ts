/**
 * Section 4.14 and 2.9: webhook management; section 3.2: the webhook state table; 4.14: the
 * forbidden-host rule of /webhook/add ("no local hosts or private networks") as data: the families
 * of hosts it excludes, with their ranges and example URLs.
 */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import type { OperationDefinition } from './operation.ts';

// ---------------------------------------------------------------------------------------------
// Resources (2.9)
// ---------------------------------------------------------------------------------------------

/** 2.9, 4.14: status is a string, '0' disabled, '1' enabled. */
export const WebhookStatus = z
  .enum(['0', '1'])
  .meta({ id: 'WebhookStatus', description: "Webhook status: string '0' disabled, '1' enabled (sections 2.9, 4.14)", example: '1' });
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const WebhookConfig = z
  .object({
    // With no webhook configured the document is silent (4.14 shows only a configured one): a
    // server may leave url and status unset, written absent, null or "" (latitude unset-field).
    url: unsettable(z.string()).meta({
      description: 'The registered webhook URL; unset (absent, null or "") when none is configured',
      example: 'https://hooks.example.com/messaging',
    }),
    status: unsettable(WebhookStatus).meta({ description: "Webhook status '0' or '1'; unset (absent, null or \"\") when none is configured" }),
  })
  .meta({ id: 'WebhookConfig', description: 'Webhook configuration: url and status (section 2.9)' });
export type WebhookConfig = z.infer<typeof WebhookConfig>;

// ---------------------------------------------------------------------------------------------
// 3.2: the state table
// ---------------------------------------------------------------------------------------------

/** One webhook per account (1, 6): none configured, or configured enabled / disabled (3.2). */
export type WebhookState = 'none' | 'enabled' | 'disabled';
export type WebhookTrigger = 'add' | 'set-status' | 'delete';

export interface WebhookTransition {
  id: string;
  /** 'any' is the table's "any or none"; 'configured' is enabled or disabled. */
  state: WebhookState | 'any' | 'configured';
  trigger: WebhookTrigger;
  operationId: 'webhooks/add' | 'webhooks/set-status' | 'webhooks/delete';
  condition: string;
  /** The request's status field, where the row depends on it. */
  when: { status?: WebhookStatus };
  next: WebhookState;
  /** The result code of the row, where it is an error (7.2). */
  error?: string;
  section: string;
  /** Set when the row is not in 3.2 but follows from another section. */
  derivedFrom?: string;
}

export const WEBHOOK_TRANSITIONS = [
  // 3.2 row 1: "any or none | POST /webhook/add with status '1' or '0' | enabled ('1') or disabled ('0')".
  {
    id: 'any-add-enabled',
    state: 'any',
    trigger: 'add',
    operationId: 'webhooks/add',
    condition: "status '1'",
    when: { status: '1' },
    next: 'enabled',
    section: '3.2',
  },
  {
    id: 'any-add-disabled',
    state: 'any',
    trigger: 'add',
    operationId: 'webhooks/add',
    condition: "status '0'",
    when: { status: '0' },
    next: 'disabled',
    section: '3.2',
  },
  // 3.2 row 2: "enabled / disabled | POST /webhook/status with '1' / '0' | enabled / disabled".
  {
    id: 'enabled-status-enabled',
    state: 'enabled',
    trigger: 'set-status',
    operationId: 'webhooks/set-status',
    condition: "status '1'",
    when: { status: '1' },
    next: 'enabled',
    section: '3.2',
  },
  {
    id: 'enabled-status-disabled',
    state: 'enabled',
    trigger: 'set-status',
    operationId: 'webhooks/set-status',
    condition: "status '0'",
    when: { status: '0' },
    next: 'disabled',
    section: '3.2',
  },
  {
    id: 'disabled-status-enabled',
    state: 'disabled',
    trigger: 'set-status',
    operationId: 'webhooks/set-status',
    condition: "status '1'",
    when: { status: '1' },
    next: 'enabled',
    section: '3.2',
  },
  {
    id: 'disabled-status-disabled',
    state: 'disabled',
    trigger: 'set-status',
    operationId: 'webhooks/set-status',
    condition: "status '0'",
    when: { status: '0' },
    next: 'disabled',
    section: '3.2',
  },
  // 7.2: status_webhook_04 "could not update (no webhook registered)"; 3.2 has no row for it.
  {
    id: 'none-status',
    state: 'none',
    trigger: 'set-status',
    operationId: 'webhooks/set-status',
    condition: 'no webhook registered',
    when: {},
    next: 'none',
    error: 'status_webhook_04',
    section: '7.2',
    derivedFrom: '7.2: status_webhook_04 could not update (no webhook registered)',
  },
  // 3.2 row 3: "configured | POST /webhook/delete | no webhook configured".
  {
    id: 'configured-delete',
    state: 'configured',
    trigger: 'delete',
    operationId: 'webhooks/delete',
    condition: 'always',
    when: {},
    next: 'none',
    section: '3.2',
  },
] as const satisfies readonly WebhookTransition[];

export type WebhookTransitionId = (typeof WEBHOOK_TRANSITIONS)[number]['id'];

// ---------------------------------------------------------------------------------------------
// 4.14: "public URL, HTTPS recommended, no local hosts or private networks"
// ---------------------------------------------------------------------------------------------

export interface ForbiddenHostFamily {
  id: string;
  description: string;
  /** The names ('*.name': every name under name) or address ranges (CIDR notation) of the family. */
  ranges: readonly string[];
  /** URLs whose host is in the family, in its usual spellings. */
  examples: readonly string[];
  /**
   * The same hosts in other spellings a URL parser accepts (numeric IPv4 forms, trailing dots,
   * percent-encoding, deprecated IPv6 forms): latitude host-forms (latitudes.ts) lets a target
   * refuse them as failing verification (add_webhook_06) rather than as a forbidden host.
   */
  otherSpellings: readonly string[];
}

/**
 * The hosts that 4.14's "no local hosts or private networks" excludes. The document names no
 * ranges; these are the standard ones (RFC 6761 localhost, RFC 1122 loopback and "this network",
 * RFC 1918 private, RFC 3927 / 4291 link-local, RFC 4193 unique local, RFC 4291 IPv4-mapped).
 * `otherSpellings` holds the alternative spellings a URL parser accepts for the same addresses
 * (decimal, hex and octal IPv4, trailing dots, percent-encoding, IPv4 inside IPv6): never to be
 * registered, but the code of their refusal is latitude host-forms. Site-local fec0::/10 is no
 * spelling of fc00::/7: DISPUTED_PRIVATE_HOSTS below.
 */
export const FORBIDDEN_HOST_FAMILIES = [
  {
    id: 'localhost',
    description: 'The name localhost and every name under .localhost (RFC 6761), whatever the case, with or without a trailing dot',
    ranges: ['localhost', '*.localhost'],
    examples: ['http://localhost/hook', 'https://LOCALHOST:8443/hook', 'http://api.localhost/hook'],
    otherSpellings: ['http://localhost./hook', 'http://%6c%6fcalhost/hook'],
  },
  {
    id: 'loopback-ipv4',
    description: 'IPv4 loopback 127.0.0.0/8',
    ranges: ['127.0.0.0/8'],
    examples: ['http://127.0.0.1/hook', 'https://127.8.9.10:8080/hook'],
    otherSpellings: ['http://2130706433/hook', 'http://0x7f000001/hook', 'http://0177.0.0.1/hook', 'http://127.1/hook', 'http://127.0.0.1./hook'],
  },
  {
    id: 'loopback-ipv6',
    description: 'IPv6 loopback ::1',
    ranges: ['::1/128'],
    examples: ['http://[::1]/hook', 'https://[0:0:0:0:0:0:0:1]:8443/hook'],
    otherSpellings: [],
  },
  {
    id: 'private-10',
    description: 'Private network 10.0.0.0/8 (RFC 1918)',
    ranges: ['10.0.0.0/8'],
    examples: ['http://10.0.0.1/hook', 'https://10.255.255.254/hook'],
    otherSpellings: ['http://0xa000001/hook', 'http://012.1.2.3/hook'],
  },
  {
    id: 'private-172-16',
    description: 'Private network 172.16.0.0/12 (RFC 1918)',
    ranges: ['172.16.0.0/12'],
    examples: ['http://172.16.0.1/hook', 'https://172.31.255.255/hook'],
    otherSpellings: ['http://0xac.0x10.0.1/hook'],
  },
  {
    id: 'private-192-168',
    description: 'Private network 192.168.0.0/16 (RFC 1918)',
    ranges: ['192.168.0.0/16'],
    examples: ['http://192.168.1.10/hook'],
    otherSpellings: ['http://3232235777/hook', 'https://192.168.0.1./hook'],
  },
  {
    id: 'link-local-ipv4',
    description: 'IPv4 link-local 169.254.0.0/16 (RFC 3927), which includes cloud metadata addresses',
    ranges: ['169.254.0.0/16'],
    examples: ['http://169.254.169.254/latest/meta-data', 'http://169.254.0.1/hook'],
    otherSpellings: [],
  },
  {
    id: 'link-local-ipv6',
    description: 'IPv6 link-local fe80::/10',
    ranges: ['fe80::/10'],
    examples: ['http://[fe80::1]/hook', 'https://[FE80::abcd:1234]/hook', 'http://[febf::1]/hook'],
    otherSpellings: [],
  },
  {
    id: 'unique-local-ipv6',
    description: 'IPv6 unique local fc00::/7 (RFC 4193)',
    ranges: ['fc00::/7'],
    examples: ['http://[fc00::1]/hook', 'http://[fd12:3456:789a::1]/hook'],
    otherSpellings: [],
  },
  {
    id: 'ipv4-mapped-ipv6',
    description: 'An IPv4-mapped (::ffff:0:0/96) or IPv4-compatible (::/96) IPv6 address whose embedded IPv4 address is in one of the IPv4 families',
    ranges: ['::ffff:0:0/96', '::/96'],
    examples: [],
    otherSpellings: [
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'https://[::ffff:192.168.0.1]:8443/hook',
      'http://[::127.0.0.1]/hook',
    ],
  },
  {
    id: 'unspecified',
    description: 'The unspecified addresses: IPv4 "this network" 0.0.0.0/8 and IPv6 ::',
    ranges: ['0.0.0.0/8', '::/128'],
    examples: ['http://0.0.0.0/hook', 'http://[::]/hook', 'https://0.0.0.0:8443/hook'],
    otherSpellings: ['http://0/hook'],
  },
] as const satisfies readonly ForbiddenHostFamily[];

export type ForbiddenHostFamilyId = (typeof FORBIDDEN_HOST_FAMILIES)[number]['id'];

/**
 * Hosts whose place under 4.14's "private networks" is a reading, not the document's: it names no
 * ranges. Site-local fec0::/10 is not unique local fc00::/7; RFC 3879 deprecated it, and a careful
 * team may read "private networks" as the ranges in use today (then fec0:: is an ordinary,
 * unroutable address left to the registration GET) or as every range ever set aside for one site
 * (then it is refused like fc00::/7). A target that registers one gets a warning, never a failure;
 * the code of its refusal is recorded. `readAs` is the family it joins under the second reading.
 */
export const DISPUTED_PRIVATE_HOSTS = [
  {
    id: 'site-local-ipv6',
    readAs: 'unique-local-ipv6',
    description: 'IPv6 site-local fec0::/10 (RFC 3879 deprecated it; not the unique local fc00::/7 of RFC 4193)',
    ranges: ['fec0::/10'],
    examples: ['http://[fec0::1]/hook'],
  },
] as const satisfies readonly { id: string; readAs: ForbiddenHostFamilyId; description: string; ranges: readonly string[]; examples: readonly string[] }[];

// ---------------------------------------------------------------------------------------------
// Requests and responses (4.14)
// ---------------------------------------------------------------------------------------------

/**
 * 4.14: "public URL, HTTPS recommended, no local hosts or private networks". The schema checks the
 * URL; which hosts are local or private is FORBIDDEN_HOST_FAMILIES above, and reading a host into a
 * family is an implementation's (the reference server's: reference/webhook-hosts.ts).
 */
export const webhookUrl = z
  .url({ protocol: /^https?$/ })
  .meta({ description: 'Public URL, HTTPS recommended, no local hosts or private networks', example: 'https://hooks.example.com/messaging' });

export const WebhookAddRequest = z
  .object({
    url: webhookUrl,
    status: WebhookStatus,
  })
  .meta({ id: 'WebhookAddRequest', description: 'POST /webhook/add body (section 4.14)' });
export type WebhookAddRequest = z.infer<typeof WebhookAddRequest>;

export const WebhookStatusRequest = z
  .object({ status: WebhookStatus })
  .meta({ id: 'WebhookStatusRequest', description: 'POST /webhook/status body (section 4.14)' });
export type WebhookStatusRequest = z.infer<typeof WebhookStatusRequest>;

/**
 * 4.14: "result {url, status}, code webhook_01". The message is not stated, so it is left open
 * (optional) rather than filled with an invented value.
 */
export const WebhookGetResponse = successBody({ code: 'webhook_01' }, { result: WebhookConfig })
  .extend({ message: z.string().optional() })
  .meta({ id: 'WebhookGetResponse', description: 'The configured webhook (sections 4.14, 2.9)' });
export type WebhookGetResponse = z.infer<typeof WebhookGetResponse>;

export const WebhookAddResponse = successBody({ code: 'add_webhook_01', message: 'url_added_success' }, {}).meta({
  id: 'WebhookAddResponse',
  description: 'Webhook registered (section 4.14)',
});
export type WebhookAddResponse = z.infer<typeof WebhookAddResponse>;

/**
 * 4.14: "Success code status_webhook_01 (the sample shows the add success values)": ambiguity
 * webhook-status-success-values. The schema accepts both codes; the message is stated only by the
 * sample (url_added_success), so it stays open.
 */
export const WebhookStatusResponse = successBody({}, { code: z.enum(['status_webhook_01', 'add_webhook_01']) }).meta({
  id: 'WebhookStatusResponse',
  description: 'Webhook status changed (section 4.14; code status_webhook_01, or add_webhook_01 as the sample shows)',
});
export type WebhookStatusResponse = z.infer<typeof WebhookStatusResponse>;

/** 4.14: "No body. Removes the URL and status." No success values are stated: code and message open. */
export const WebhookDeleteResponse = successBody({}, {})
  .extend({ code: z.string().optional(), message: z.string().optional() })
  .meta({ id: 'WebhookDeleteResponse', description: 'Webhook removed (section 4.14; success values not shown)' });
export type WebhookDeleteResponse = z.infer<typeof WebhookDeleteResponse>;

export const webhooksOperations: OperationDefinition[] = [
  {
    operationId: 'webhooks/get',
    method: 'POST',
    path: '/webhook/get',
    area: 'webhooks',
    summary: 'Get the webhook',
    description: "No body. Answers the account's webhook configuration in result {url, status} (status '0' disabled, '1' enabled), code webhook_01.",
    section: '4.14',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      code: 'webhook_01',
      schema: WebhookGetResponse,
      examples: {
        enabled: {
          status: 200,
          summary: 'An enabled webhook (the message is not stated by the document and is left out)',
          value: {
            success: true,
            status: 200,
            code: 'webhook_01',
            result: { url: 'https://hooks.example.com/messaging', status: '1' },
            request_id: '3f1c9a2e-7b4d-4e8f-9a1b-2c3d4e5f6a70',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
  },
  {
    operationId: 'webhooks/add',
    method: 'POST',
    path: '/webhook/add',
    area: 'webhooks',
    summary: 'Register the webhook',
    description:
      "Registers the account's single webhook: url (public URL, HTTPS recommended, no local hosts or private networks) and status " +
      "('0' or '1'). On registration the service sends a GET to the URL; any answer other than 404 within 5 seconds, without " +
      'following redirects, passes (otherwise add_webhook_06). The URL must accept HEAD and answer HTTP 200 quickly to events.',
    section: '4.14',
    auth: 'account',
    request: { body: WebhookAddRequest },
    success: {
      httpStatus: [200],
      code: 'add_webhook_01',
      message: 'url_added_success',
      schema: WebhookAddResponse,
      examples: {
        added: {
          status: 200,
          summary: 'Webhook registered',
          value: { success: true, message: 'url_added_success', status: 200, code: 'add_webhook_01', request_id: '3f1c9a2e-7b4d-4e8f-9a1b-2c3d4e5f6a71' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['paired-code-order'],
  },
  {
    operationId: 'webhooks/set-status',
    method: 'POST',
    path: '/webhook/status',
    area: 'webhooks',
    summary: 'Enable or disable the webhook',
    description:
      "Sets the webhook status: '1' enabled, '0' disabled. Success code status_webhook_01 (the " +
      'sample shows the add success values). Without a registered webhook: status_webhook_04.',
    section: '4.14',
    auth: 'account',
    request: { body: WebhookStatusRequest },
    success: {
      httpStatus: [200],
      code: 'status_webhook_01',
      schema: WebhookStatusResponse,
      examples: {
        documented: {
          status: 200,
          summary: 'The documented code (the message text is not stated; this one is a placeholder)',
          value: { success: true, message: 'message not shown', status: 200, code: 'status_webhook_01', request_id: '3f1c9a2e-7b4d-4e8f-9a1b-2c3d4e5f6a72' },
        },
        sample: {
          status: 200,
          summary: "The document's sample, which shows the add success values",
          value: { success: true, message: 'url_added_success', status: 200, code: 'add_webhook_01', request_id: '3f1c9a2e-7b4d-4e8f-9a1b-2c3d4e5f6a73' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['webhook-status-success-values', 'paired-code-order'],
  },
  {
    operationId: 'webhooks/delete',
    method: 'POST',
    path: '/webhook/delete',
    area: 'webhooks',
    summary: 'Delete the webhook',
    description: 'No body. Removes the URL and status.',
    section: '4.14',
    auth: 'account',
    request: {},
    success: {
      httpStatus: [200],
      schema: WebhookDeleteResponse,
      examples: {
        deleted: {
          status: 200,
          summary: 'Webhook removed (code and message are not stated and are left out)',
          value: { success: true, status: 200, request_id: '3f1c9a2e-7b4d-4e8f-9a1b-2c3d4e5f6a74' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: [],
    notShown: 'success values (message, code) not shown: the document says only "No body. Removes the URL and status."',
  },
];
