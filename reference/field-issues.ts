/**
 * Reading a refused request, for the handlers that map schema issues to the codes of 7.2 and 7.4:
 * which field an issue is on, and whether a field was sent at all ("missing" versus "invalid").
 */
import type { z } from 'zod';

export type Issues = readonly z.core.$ZodIssue[];

/** 7.2 / 7.4 pairs of "missing" and "invalid" codes: an absent, null or empty field is missing. */
export const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The issues on the top-level field `field`. */
export const issuesOn = (issues: Issues, field: string): Issues => issues.filter((i) => i.path[0] === field);
