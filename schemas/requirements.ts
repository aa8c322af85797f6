/**
 * The requirements catalogue: a stable id for every testable statement of the document. Built from
 * the tables that hold them (operations, result codes, limits, the state tables of 3.1 and 3.2,
 * the forbidden hosts of 4.14, the event fields and delivery rules of 6, the rules of rules.ts),
 * never written twice. Tests name these ids; the summary reports coverage against them.
 *
 * Id scheme, `kind:subject`:
 *   op:<operationId>            the operation's success contract (section 4)
 *   err:<code>, err:v1-<NN>     a result code (5, 7)
 *   limit:<id>                  a limit (8 and the field tables; stated-limits.ts holds those no other table does)
 *   otp2:<row>                  a row of the current OTP state table (3.1)
 *   webhook:<row>               a row of the webhook state table (3.2)
 *   webhook:forbidden-host.<family>  a forbidden host family (4.14)
 *   event:<type>.<field>, event:delivery.<rule>, event:status-codes   events (6)
 *   rule:<id>                   any other statement: its record in rules/<area>.ts
 */
import type { AmbiguityId } from './ambiguities.ts';
import type { AreaId } from './areas.ts';
import type { CapabilityId } from './capabilities.ts';
import { codeRequirementId, RESULT_CODES, type CodeFamily, type ResultCode } from './error-codes.ts';
import { ConfirmationEvent, DELIVERY_STATUS_CODES, EVENT_DELIVERY_RULES, ResponseEvent, type EventDeliveryRule } from './events.ts';
import { LIMITS, type Limit } from './limits.ts';
import { OPERATIONS, operationById } from './operations.ts';
import { OTP_V2_TRANSITIONS, type OtpTransition } from './otp-v2-transitions.ts';
import type { RequirementQuote } from './quote-level.ts';
import { REQUIREMENT_QUOTES } from './quotes.ts';
import { RULES } from './rules.ts';
import { STATED_LIMIT_REQUIREMENTS } from './stated-limits.ts';
import { requirementLevel, type VerdictLevel } from './verdict-levels.ts';
import { FORBIDDEN_HOST_FAMILIES, WEBHOOK_TRANSITIONS } from './webhooks.ts';

export type RequirementKind =
  | 'endpoint'
  | 'result-code'
  | 'limit'
  | 'otp-transition'
  | 'webhook-transition'
  | 'forbidden-host'
  | 'event-field'
  | 'event-delivery'
  | 'rule';

export interface Requirement {
  id: string;
  kind: RequirementKind;
  area: AreaId;
  section: string;
  /** The statement, in the document's words where it has them. */
  statement: string;
  /** The verbatim words of the document it rests on (its rule record or quotes.ts); empty when there are none. */
  quotes: readonly string[];
  /** What a failed check of it does to a target: fail, warn or record (quote-level.ts; conventions: OIDF severities). */
  level: VerdictLevel;
  /** Why the level is below fail, in the words of its record or quote entry; absent at fail. */
  why?: string;
  operations: readonly string[];
  /** A target capability without which the statement cannot be provoked (capabilities.ts). */
  capability?: CapabilityId;
  ambiguities: readonly AmbiguityId[];
}

const FAMILY_AREA: Record<CodeFamily, AreaId> = {
  auth: 'auth',
  common: 'envelope',
  agendas: 'agendas',
  reports: 'reports',
  webhooks: 'webhooks',
  sending: 'sms',
  'otp-legacy-send': 'otp-legacy',
  'otp-legacy-verify': 'otp-legacy',
  'otp-v2': 'otp-v2',
  'legacy-v1': 'legacy-v1',
};

function codeArea(c: ResultCode): AreaId {
  if (c.code === 'rate_01') return 'limits';
  return FAMILY_AREA[c.family];
}

function limitArea(l: Limit): AreaId {
  if (l.id === 'rate-limit') return 'limits';
  if (l.id === 'sandbox-daily') return 'sandbox';
  if (l.id === 'event-retries') return 'events';
  return operationById(l.operations[0]!).area;
}

/** Limits that cannot be reached through the documented API alone. */
const LIMIT_CAPABILITY: Partial<Record<string, CapabilityId>> = {
  'sandbox-daily': 'sandbox-daily-limit-reachable',
  'report-requests': 'report-request-limit',
  'v1-sandbox-report-day': 'test-clock',
  'event-retries': 'webhook-reachable',
  'subaccount-email-length': 'manager-key',
  'subaccount-password-length': 'manager-key',
};

/**
 * Operations whose success HTTP status the document states (4.2 "Response: section 2.2 (HTTP 200)",
 * "same response" for the GET; 4.4 for /v2/otp and its verify table). Elsewhere it gives at most a
 * body status, so the statement says the HTTP status is not the document's.
 */
const SUCCESS_HTTP_STATED: ReadonlySet<string> = new Set(['sms/send', 'sms/send-via-get', 'otp-v2/create', 'otp-v2/verify']);

/** Whether the document states the HTTP status of the operation's success (else only the body status). */
export const successHttpStatusStated = (operationId: string): boolean => SUCCESS_HTTP_STATED.has(operationId);

const endpointRequirements: Unquoted[] = OPERATIONS.map((op) => ({
  id: `op:${op.operationId}`,
  kind: 'endpoint',
  area: op.area,
  section: op.section,
  statement:
    `${op.method} ${op.path}: ${op.summary}. Success contract: ` +
    `${op.success.code ? `code=${op.success.code}, ` : ''}${op.success.message ? `message=${op.success.message}, ` : ''}body per the response schema; ` +
    `HTTP ${op.success.httpStatus.join(' or ')}` +
    `${SUCCESS_HTTP_STATED.has(op.operationId) ? '' : ' (the document states no HTTP status for this success)'}.` +
    `${op.notShown ? ` Not shown: ${op.notShown}.` : ''}`,
  operations: [op.operationId],
  ...(op.auth === 'manager' ? { capability: 'manager-key' as const } : {}),
  ambiguities: op.ambiguities,
}));

/**
 * The status part of a code's statement. Section 5 gives the authentication codes an HTTP status and
 * in the next paragraph reports that the current OTP reference answers them with HTTP 200 and the
 * detail in the body (ambiguity auth-error-http-status): the statement says both.
 */
function codeStatusText(c: ResultCode): string {
  if (c.httpStatus && c.ambiguities?.includes('auth-error-http-status'))
    return ` (HTTP ${c.httpStatus} by the table of section 5; HTTP 200 with the detail in the body by the current OTP reference)`;
  if (c.httpStatus) return ` (HTTP ${c.httpStatus})`;
  return c.bodyStatus ? ` (status ${c.bodyStatus} in the body)` : '';
}

const codeRequirements: Unquoted[] = RESULT_CODES.map((c) => ({
  id: codeRequirementId(c),
  kind: 'result-code',
  area: codeArea(c),
  section: c.section,
  statement: `${c.family === 'legacy-v1' ? `Codigo ${c.code}` : c.code}: ${c.meaning}${codeStatusText(c)}.`,
  operations: c.operations === 'all' ? [] : c.operations,
  ...(c.capability ? { capability: c.capability } : {}),
  ambiguities: (c.ambiguities ?? []) as AmbiguityId[],
}));

const limitRequirements: Unquoted[] = (LIMITS as readonly Limit[]).map((l) => {
  const capability = LIMIT_CAPABILITY[l.id];
  return {
    id: `limit:${l.id}`,
    kind: 'limit',
    area: limitArea(l),
    section: l.section,
    statement: `${l.description}${l.notShown ? ` (${l.notShown}: the observed behaviour is recorded)` : ''}.`,
    operations: l.operations,
    ...(capability ? { capability } : {}),
    ambiguities: l.ambiguity ? [l.ambiguity as AmbiguityId] : [],
  };
});

const OTP_TRIGGER_OPERATION = { create: ['otp-v2/create'], verify: ['otp-v2/verify'], delete: ['otp-v2/delete'], time: ['otp-v2/verify'] } as const;

const otpRequirements: Unquoted[] = (OTP_V2_TRANSITIONS as readonly OtpTransition[]).map((t) => ({
  id: `otp2:${t.id}`,
  kind: 'otp-transition',
  area: 'otp-v2',
  section: t.section,
  statement: `${t.state} + ${t.trigger} (${t.condition}) -> ${t.next}: ${t.also}.`,
  operations: OTP_TRIGGER_OPERATION[t.trigger],
  ambiguities: t.ambiguity ? [t.ambiguity as AmbiguityId] : [],
}));

const webhookRequirements: Unquoted[] = WEBHOOK_TRANSITIONS.map((t) => ({
  id: `webhook:${t.id}`,
  kind: 'webhook-transition',
  area: 'webhooks',
  section: t.section,
  statement: `${t.state} + ${t.trigger}${t.condition ? ` (${t.condition})` : ''} -> ${t.next}.`,
  operations: ['webhooks/add', 'webhooks/set-status', 'webhooks/delete', 'webhooks/get'],
  ambiguities: [],
}));

const forbiddenHostRequirements: Unquoted[] = FORBIDDEN_HOST_FAMILIES.map((f) => ({
  id: `webhook:forbidden-host.${f.id}`,
  kind: 'forbidden-host',
  area: 'webhooks',
  section: '4.14',
  statement: `A webhook URL on a ${f.description} host is refused (no local hosts or private networks).`,
  operations: ['webhooks/add'],
  ambiguities: [],
}));

const EVENT_CAPABILITY = { confirmation: 'webhook-reachable', response: 'reply-simulation' } as const;

const eventFieldRequirements: Unquoted[] = (
  [
    ['confirmation', ConfirmationEvent, '6.1'],
    ['response', ResponseEvent, '6.2'],
  ] as const
).flatMap(([type, schema, section]) =>
  Object.keys(schema.shape).map((field) => ({
    id: `event:${type}.${field}`,
    kind: 'event-field' as const,
    area: 'events' as const,
    section,
    statement: `A type=${type} event carries ${field} in the documented format.`,
    operations: [],
    capability: EVENT_CAPABILITY[type],
    ambiguities: ['webhook-delivery-method'] as AmbiguityId[],
  })),
);

const eventDeliveryRequirements: Unquoted[] = [
  {
    id: 'event:status-codes',
    kind: 'event-field',
    area: 'events',
    section: '6.1',
    statement: `The status of a confirmation is one of the delivery codes ${Object.keys(DELIVERY_STATUS_CODES).join(', ')}.`,
    operations: [],
    capability: 'webhook-reachable',
    ambiguities: [],
  },
  ...(EVENT_DELIVERY_RULES as readonly EventDeliveryRule[])
    .filter((r) => !r.notShown && !r.receiverDuty)
    .map((r) => ({
      id: `event:delivery.${r.id}`,
      kind: 'event-delivery' as const,
      area: 'events' as const,
      section: r.section,
      statement: r.statement,
      operations: [],
      capability: 'webhook-reachable' as const,
      ambiguities: [] as AmbiguityId[],
    })),
];

/** The stated limits no other table holds (stated-limits.ts): an enum, a country code, a uniqueness. */
const statedLimitRequirements: Unquoted[] = STATED_LIMIT_REQUIREMENTS.map((l) => ({
  id: l.id,
  kind: 'limit',
  area: l.area,
  section: l.section,
  statement: l.statement,
  operations: l.operations,
  ...(l.capability ? { capability: l.capability } : {}),
  ambiguities: l.ambiguity ? [l.ambiguity] : [],
}));

type Unquoted = Omit<Requirement, 'quotes' | 'level' | 'why'>;

/**
 * The words an entry gives and the level they carry (verdict-levels.ts: a check fails a target only
 * where the document states the rule; a requirement without quoted words is at most warn).
 */
const levelled = (entry: RequirementQuote): Pick<Requirement, 'quotes' | 'level' | 'why'> => ({
  quotes: entry.quotes,
  level: requirementLevel(entry.level, entry.quotes.length > 0),
  ...(entry.why === undefined ? {} : { why: entry.why }),
});

/**
 * Every requirement a table builds has its entry in quotes.ts: one without would have no words and
 * no level of its own, so the catalogue is not built without it (rather than giving it a level
 * nothing stated).
 */
function quotedCatalogue(requirements: readonly Unquoted[]): Requirement[] {
  const missing = requirements.filter((r) => !Object.hasOwn(REQUIREMENT_QUOTES, r.id)).map((r) => r.id);
  if (missing.length > 0) throw new Error(`requirement(s) without an entry in schemas/quotes.ts (its words and level): ${missing.join(', ')}`);
  return requirements.map((r) => ({ ...r, ...levelled(REQUIREMENT_QUOTES[r.id]!) }));
}

/** A rule is its record (rules/<area>.ts): id, section, statement, words and level in one place. */
const ruleRequirements: Requirement[] = RULES.map((r) => ({
  id: r.id,
  kind: 'rule',
  area: r.area,
  section: r.section,
  statement: r.statement,
  operations: [],
  ...(r.capability ? { capability: r.capability } : {}),
  ambiguities: r.ambiguity ? [r.ambiguity] : [],
  ...levelled(r),
}));

export const REQUIREMENTS: readonly Requirement[] = [
  ...quotedCatalogue([
    ...endpointRequirements,
    ...codeRequirements,
    ...limitRequirements,
    ...statedLimitRequirements,
    ...otpRequirements,
    ...webhookRequirements,
    ...forbiddenHostRequirements,
    ...eventFieldRequirements,
    ...eventDeliveryRequirements,
  ] as Unquoted[]),
  ...ruleRequirements,
];

const byId = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export const isRequirementId = (id: string): boolean => byId.has(id);

export function requirementById(id: string): Requirement {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown requirement ${id}`);
  return r;
}

/** The requirement ids an operation bears on: its contract, its codes, its limits. */
export function requirementsOfOperation(operationId: string): string[] {
  return REQUIREMENTS.filter((r) => r.operations.includes(operationId)).map((r) => r.id);
}
