/**
 * The responses of one operation, planned as alternatives per status: its success (one response per
 * documented success status), the errors that may arrive with HTTP 200 beside the success
 * (http-200-errors.ts), and the error responses of their own statuses and `default`
 * (error-responses.ts). operation-route.ts renders the plan; tests read the zod schema of a status.
 */
import type { Operation } from '../schemas/operations.ts';
import { addErrorResponses } from './error-responses.ts';
import { addErrorsAnsweredWith200 } from './http-200-errors.ts';
import type { ResponsePlan } from './responses.ts';
import { addSuccessResponses } from './success-responses.ts';

export function responsePlanOf(op: Operation): ResponsePlan {
  const plan: ResponsePlan = new Map();
  addSuccessResponses(plan, op);
  addErrorsAnsweredWith200(plan, op);
  addErrorResponses(plan, op);
  return plan;
}
