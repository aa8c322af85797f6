/**
 * Success responses: one per HTTP status the operation documents (4.4: 201 for created, 200 for
 * resent and restarted), each with the success schema and the examples of that status.
 */
import type { Operation } from '../schemas/operations.ts';
import { addAlternative, type NamedExample, type ResponsePlan } from './responses.ts';

function successDescription(op: Operation, status: number): string {
  const values = [op.success.code && `code=${op.success.code}`, op.success.message && `message=${op.success.message}`].filter(Boolean);
  return `Success (HTTP ${status})${values.length > 0 ? `: ${values.join(', ')}` : ''}.`;
}

export function addSuccessResponses(plan: ResponsePlan, op: Operation): void {
  for (const status of op.success.httpStatus) {
    const examples: Record<string, NamedExample> = {};
    for (const [name, example] of Object.entries(op.success.examples)) {
      if (example.status === status) examples[name] = { summary: example.summary, value: example.value };
    }
    addAlternative(plan, String(status), { schema: op.success.schema, description: successDescription(op, status), examples });
  }
}
