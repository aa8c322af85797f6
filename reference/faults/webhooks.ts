/**
 * The seams and faults of the webhook (3.2, 4.14, 7.2): its status, deletion, the registration GET
 * and the hosts it may not name.
 */
import { outsideAs, readLeniently } from './lenient-reading.ts';
import { faultOn, point, type Fault, type MutantEntry } from './seam-point.ts';

/** Its seams, each with the requirement ids (schemas/requirements.ts) a fault there breaks. */
export const WEBHOOKS_SEAMS = {
  'webhooks.status-after-add': point<'0' | '1'>('webhook:any-add-disabled'),
  'webhooks.status-refused-without-webhook': point<boolean>('webhook:none-status'),
  'webhooks.delete-removes': point<boolean>('webhook:configured-delete'),
  'webhooks.receives-events': point<boolean>('rule:webhooks.disabled-no-events'),
  /** The verdict on the URL's host before any request: refused with its code, allowed, or undefined (the registration GET decides). */
  'webhooks.forbidden-host-verdict': point<
    { ok: true } | { ok: false; code: 'add_webhook_03' | 'add_webhook_06'; reason: string } | undefined,
    { family: string | undefined }
  >(
    'webhook:forbidden-host.private-172-16',
    'webhook:forbidden-host.link-local-ipv4',
    'webhook:forbidden-host.ipv4-mapped-ipv6',
    'webhook:forbidden-host.unspecified',
    'webhook:forbidden-host.localhost',
    'webhook:forbidden-host.loopback-ipv4',
    'webhook:forbidden-host.loopback-ipv6',
    'webhook:forbidden-host.private-10',
    'webhook:forbidden-host.private-192-168',
    'webhook:forbidden-host.link-local-ipv6',
    'webhook:forbidden-host.unique-local-ipv6',
  ),
  'webhooks.verify-follows-redirects': point<boolean>('rule:webhooks.no-redirects'),
  'webhooks.verify-fails': point<boolean>('rule:webhooks.verification-404-fails'),
} as const;

const fault = faultOn(WEBHOOKS_SEAMS);

/** The fault that lets one forbidden family of hosts through (4.14). */
const FORBIDDEN_HOST_ACCEPTED = (family: string): Fault =>
  fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === family ? ({ ok: true } as const) : verdict));

/** Its faults, in the order of the registry (reference/mutants.ts). */
export const WEBHOOKS_MUTANTS = [
  // --- 3.2, 4.14 Webhook state ------------------------------------------------------------------------
  {
    id: 'webhook-status-without-webhook',
    requirement: 'webhook:none-status',
    description: '/webhook/status with no webhook registered answers success instead of status_webhook_04',
    fault: fault('webhooks.status-refused-without-webhook', () => false),
  },
  {
    id: 'webhook-add-always-enabled',
    requirement: 'webhook:any-add-disabled',
    description: "/webhook/add with status '0' registers the webhook enabled",
    fault: fault('webhooks.status-after-add', () => '1' as const),
  },
  {
    id: 'webhook-delete-noop',
    requirement: 'webhook:configured-delete',
    description: '/webhook/delete answers success but keeps the webhook',
    fault: fault('webhooks.delete-removes', () => false),
  },
  {
    id: 'webhook-disabled-still-delivers',
    requirement: 'rule:webhooks.disabled-no-events',
    description: 'events are delivered to a disabled webhook',
    fault: fault('webhooks.receives-events', () => true),
  },
  {
    id: 'webhook-verify-404-passes',
    requirement: 'rule:webhooks.verification-404-fails',
    description: 'a URL answering 404 to the registration GET is accepted',
    fault: fault('webhooks.verify-fails', () => false),
  },
  {
    id: 'webhook-follows-redirects',
    requirement: 'rule:webhooks.no-redirects',
    description: 'the registration GET follows redirects',
    fault: fault('webhooks.verify-follows-redirects', () => true),
  },
  {
    id: 'webhook-status-unknown-enabled',
    requirement: 'limit:webhook-status-values',
    description: "a status other than '0' or '1' registers or sets the webhook enabled instead of being refused",
    fault: readLeniently(['webhooks/add', 'webhooks/set-status'], outsideAs(['status'], ['0', '1'], '1')),
  },

  // --- 4.14 Forbidden hosts ----------------------------------------------------------------------------
  {
    id: 'host-private-172-accepted',
    requirement: 'webhook:forbidden-host.private-172-16',
    description: 'the 172.16.0.0/12 filter is missing: such a URL registers',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'private-172-16' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-link-local-accepted',
    requirement: 'webhook:forbidden-host.link-local-ipv4',
    description: 'link-local 169.254.0.0/16 (cloud metadata) is not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'link-local-ipv4' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-ipv4-mapped-accepted',
    requirement: 'webhook:forbidden-host.ipv4-mapped-ipv6',
    description: 'IPv4-mapped IPv6 addresses ([::ffff:10.0.0.1]) are not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'ipv4-mapped-ipv6' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-unspecified-accepted',
    requirement: 'webhook:forbidden-host.unspecified',
    description: 'the unspecified address (0.0.0.0, [::]) is not filtered',
    fault: fault('webhooks.forbidden-host-verdict', (verdict, c) => (c.family === 'unspecified' ? ({ ok: true } as const) : verdict)),
  },
  {
    id: 'host-localhost-accepted',
    requirement: 'webhook:forbidden-host.localhost',
    description: 'localhost and names under .localhost are not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('localhost'),
  },
  {
    id: 'host-loopback-ipv4-accepted',
    requirement: 'webhook:forbidden-host.loopback-ipv4',
    description: 'the 127.0.0.0/8 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('loopback-ipv4'),
  },
  {
    id: 'host-loopback-ipv6-accepted',
    requirement: 'webhook:forbidden-host.loopback-ipv6',
    description: 'the IPv6 loopback [::1] is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('loopback-ipv6'),
  },
  {
    id: 'host-private-10-accepted',
    requirement: 'webhook:forbidden-host.private-10',
    description: 'the 10.0.0.0/8 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('private-10'),
  },
  {
    id: 'host-private-192-168-accepted',
    requirement: 'webhook:forbidden-host.private-192-168',
    description: 'the 192.168.0.0/16 filter is missing: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('private-192-168'),
  },
  {
    id: 'host-link-local-ipv6-accepted',
    requirement: 'webhook:forbidden-host.link-local-ipv6',
    description: 'IPv6 link-local fe80::/10 is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('link-local-ipv6'),
  },
  {
    id: 'host-unique-local-ipv6-accepted',
    requirement: 'webhook:forbidden-host.unique-local-ipv6',
    description: 'IPv6 unique local fc00::/7 is not filtered: such a URL registers',
    fault: FORBIDDEN_HOST_ACCEPTED('unique-local-ipv6'),
  },
] as const satisfies readonly MutantEntry[];
