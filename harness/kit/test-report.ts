/**
 * The one writer of what a test reports to its run: vitest's task meta, which the worker sends to
 * the certify process, whose reporters read it (report/result-collector.ts, allure-reporter.ts,
 * test-status.ts decides the status from it). Its fields are typed once, in test-meta.ts
 * (ConformanceMeta). The run's configuration comes in through one door (run-context.ts) and the
 * report goes out through this one: the kit's other modules call these functions and never touch a
 * task's meta themselves, and suites never do (test/architecture.test.ts holds both).
 */
import type { TaskMeta } from 'vitest';
import type { ConformanceMeta } from './test-meta.ts';

/** A vitest task whose meta carries a report: a test, or a suite file (secrets learned, echoes, cleanup failures). */
export interface ReportingTask {
  meta: TaskMeta;
}

/** Whether `task` (a vitest task the kit was handed as an object) carries a report. */
export const isReportingTask = (task: object): task is ReportingTask => 'meta' in task && typeof task.meta === 'object' && task.meta !== null;

/** The report's fields that are lists: each write adds to what is there. */
type ListField = {
  [F in keyof ConformanceMeta]-?: NonNullable<ConformanceMeta[F]> extends readonly unknown[] ? F : never;
}[keyof ConformanceMeta];

/** Adds `items` to the list `field` of the task's report. */
export function appendToReport<F extends ListField>(task: ReportingTask, field: F, ...items: NonNullable<ConformanceMeta[F]>): void {
  const before = (task.meta[field] ?? []) as NonNullable<ConformanceMeta[F]>;
  task.meta[field] = [...before, ...items] as TaskMeta[F];
}

/** Sets `field` of the task's report; undefined removes it. */
export function setInReport<F extends keyof ConformanceMeta>(task: ReportingTask, field: F, value: ConformanceMeta[F]): void {
  if (value === undefined) delete task.meta[field];
  else task.meta[field] = value as TaskMeta[F];
}

/** What the task reported so far. */
export const reportOf = (task: ReportingTask): Readonly<ConformanceMeta> => task.meta;

/**
 * What a test carries from its collection on (vitest's test options): the requirement ids it
 * declares, so that the requirement matrix reads them without running it (spec/requirement-tests.ts).
 * Apart from `requirements`, which the test sets when it runs: a test that never started (its file's
 * setup failed, the run was cut short) names no requirement in the reports, as before.
 */
export const reportAtCollection = (requirements: readonly string[]): { meta: ConformanceMeta } => ({
  meta: { declaredRequirements: [...requirements] },
});
