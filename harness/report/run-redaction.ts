/**
 * The boundary of the certify process (5.2: a key "gives full access to the account and balance",
 * so no report may carry one): the first reporter of a run, it redacts what the workers send before
 * any other reporter reads it, in place, against every secret the run knows.
 *
 * A worker sends a test's result (its error, with the assertion's actual and expected values), its
 * meta (warnings, observations, recorded behaviour, skip reasons) and its Allure steps and
 * attachments; every one may quote the target, and a target may echo a key anywhere. The keys the
 * run knows grow during the run: the given ones, the profile's, and each one the target returns
 * (4.11), which the workers hand over on the meta of a test or a file (kit/current-test.ts) and which
 * are taken out of the meta here, learned, and never passed on. What was redacted before a key was
 * learned is redacted again when its file ends and when the run ends. Attachments are cut to
 * ATTACHMENT_MAX_BYTES on the way, so that no answer makes the Allure page large.
 *
 * The names of the tests, suites and files are the kit's words, never target data: registered before
 * a task is cleaned (kit/kit-words.ts), so that a run of a key inside one is left whole.
 *
 * It also collects what the files report beside their tests: the keys the target echoed outside the
 * apikey member of 4.11, and the cleanup steps that failed (run errors, run-suites.ts).
 */
import type { RunnerTask, TaskMeta } from 'vitest';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { protectKitNames } from '../kit/kit-words.ts';
import '../kit/test-meta.ts';

/** The most of an attachment kept, in bytes (as transport/allure-exchange.ts cuts bodies): the report embeds every one. */
export const ATTACHMENT_MAX_BYTES = 256 * 1024;

/** How deep the walk goes: error causes and Allure messages are shallow; a cycle or a hostile depth must not hang it. */
const MAX_DEPTH = 32;

/** Every string inside `value` replaced by `map(string)`, in place where it is an object; returns the new value. */
export function mapStrings(value: unknown, map: (text: string) => string, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return map(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = mapStrings(value[i], map, depth + 1, seen);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = mapStrings(record[key], map, depth + 1, seen);
  return value;
}

/** A copy of `value` (JSON data: a summary, records) with every string redacted. */
export function redactedCopy<T>(value: T, redact: (text: string) => string): T {
  return mapStrings(structuredClone(value), redact) as T;
}

/** An Allure runtime message as allure-vitest sends it in a test's meta. */
interface RuntimeMessage {
  type?: unknown;
  data?: { content?: unknown; encoding?: unknown; [key: string]: unknown };
}

const isText = (contentType: unknown): boolean => typeof contentType !== 'string' || /^text\/|json|xml|javascript|yaml|csv/i.test(contentType);

/**
 * An attachment's content, cut and redacted: decoded (allure-vitest sends base64), cut to
 * ATTACHMENT_MAX_BYTES with a line saying so, redacted when it is text, encoded again.
 */
function cleanAttachment(data: NonNullable<RuntimeMessage['data']>, redact: (text: string) => string): void {
  if (typeof data.content !== 'string') return;
  const base64 = data.encoding === 'base64';
  const bytes = base64 ? Buffer.from(data.content, 'base64') : Buffer.from(data.content, 'utf8');
  const total = bytes.length;
  let out: Buffer = total > ATTACHMENT_MAX_BYTES ? bytes.subarray(0, ATTACHMENT_MAX_BYTES) : bytes;
  if (isText(data.contentType)) {
    // Redacted whole, then cut: a cut through a key would leave a piece of it.
    const redacted = Buffer.from(redact(bytes.toString('utf8')), 'utf8');
    const note =
      redacted.length > ATTACHMENT_MAX_BYTES
        ? `\n… (attachment cut at ${ATTACHMENT_MAX_BYTES / 1024} KiB of ${total} bytes: ` +
          `the kit keeps at most ${ATTACHMENT_MAX_BYTES / 1024} KiB of an attachment)`
        : '';
    out = Buffer.concat([redacted.subarray(0, ATTACHMENT_MAX_BYTES), Buffer.from(note, 'utf8')]);
  }
  data.content = base64 ? out.toString('base64') : out.toString('utf8');
}

function cleanRuntimeMessages(messages: unknown, redact: (text: string) => string): void {
  if (!Array.isArray(messages)) return;
  for (const message of messages as RuntimeMessage[]) {
    if (message === null || typeof message !== 'object') continue;
    const data = message.data;
    if (data && typeof message.type === 'string' && message.type.endsWith('attachment_content')) {
      cleanAttachment(data, redact);
      for (const key of Object.keys(data)) if (key !== 'content') data[key] = mapStrings(data[key], redact);
    } else mapStrings(message, redact);
  }
}

/** The runner task behind a reported test or module (allure-vitest reads it too; not in vitest's public types). */
const taskOf = (reported: TestCase | TestModule): RunnerTask | undefined => (reported as unknown as { task?: RunnerTask }).task;

const MAX_NOTED = 200;

/** The names of a task and of the suites and file around it. */
function namesOf(task: RunnerTask): string[] {
  const names: string[] = [];
  for (let at: RunnerTask | undefined = task; at !== undefined; at = at.suite) names.push(at.name);
  return names;
}

export class RedactingReporter implements Reporter {
  /** Where the target echoed a key ("POST /path: response header x-debug"), once each. */
  readonly keyEchoes: string[] = [];
  /** Cleanup steps of the files that failed, each naming what was left on the target. */
  readonly cleanupFailures: string[] = [];
  private echoCount = 0;
  /** The number of secrets known when a task was last redacted. */
  private readonly redactedWith = new WeakMap<object, number>();
  private vitest: Vitest | undefined;

  // It redacts and learns only, with the run's secrets (run/run-secrets.ts RunSecrets), handed in by the run.
  constructor(private readonly secrets: { redact(text: string): string; learn(secret: string): void; readonly size: number }) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  /**
   * Cleans every file vitest knows, ended or not: called once the run is over, so that a file cut
   * short (abandoned at the deadline, or after an interruption) is redacted with every secret too.
   */
  finish(): void {
    this.onTestRunEnd(this.vitest?.state.getTestModules() ?? []);
  }

  onTestCaseResult(testCase: TestCase): void {
    const task = taskOf(testCase);
    if (task === undefined) return;
    protectKitNames(namesOf(task));
    this.takeFrom(task.meta, testCase.module.relativeModuleId);
    this.clean(task);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const task = taskOf(testModule);
    if (task !== undefined) this.cleanFile(task, testModule.relativeModuleId);
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    // Files cut short never ended: what they sent is cleaned here, with every secret learned by now.
    for (const testModule of modules) {
      const task = taskOf(testModule);
      if (task !== undefined) this.cleanFile(task, testModule.relativeModuleId);
    }
  }

  private cleanFile(file: RunnerTask, relativeId: string): void {
    this.takeFrom(file.meta, relativeId);
    protectKitNames([relativeId]);
    const walk = (task: RunnerTask): void => {
      if ('tasks' in task)
        for (const child of task.tasks) {
          protectKitNames([child.name]);
          this.takeFrom(child.meta, relativeId);
          walk(child);
        }
      this.clean(task);
    };
    walk(file);
  }

  /** Learns the secrets a worker put on `meta`, keeps echoes and cleanup failures, and takes them all out of the meta. */
  private takeFrom(meta: TaskMeta, file: string): void {
    for (const secret of meta.learnedSecrets ?? []) if (typeof secret === 'string' && secret !== '') this.secrets.learn(secret);
    delete meta.learnedSecrets;
    for (const echo of meta.keyEchoes ?? []) {
      this.echoCount += 1;
      const line = `${file}: ${this.secrets.redact(echo)}`;
      if (this.keyEchoes.length < MAX_NOTED && !this.keyEchoes.includes(line)) this.keyEchoes.push(line);
    }
    delete meta.keyEchoes;
    for (const failure of meta.cleanupFailures ?? [])
      if (this.cleanupFailures.length < MAX_NOTED) this.cleanupFailures.push(`${file}: ${this.secrets.redact(failure)}`);
    delete meta.cleanupFailures;
  }

  /** How many echoes the files reported in all (the list keeps the distinct first ones). */
  get keyEchoCount(): number {
    return this.echoCount;
  }

  /** Redacts a task's result and meta in place, unless nothing was learned since it last was. */
  private clean(task: RunnerTask): void {
    if (this.redactedWith.get(task) === this.secrets.size) return;
    const redact = (text: string) => this.secrets.redact(text);
    const meta = task.meta as TaskMeta & { allureRuntimeMessages?: unknown; allureGlobalRuntimeMessages?: unknown };
    cleanRuntimeMessages(meta.allureRuntimeMessages, redact);
    cleanRuntimeMessages(meta.allureGlobalRuntimeMessages, redact);
    for (const [key, value] of Object.entries(meta))
      if (key !== 'allureRuntimeMessages' && key !== 'allureGlobalRuntimeMessages') (meta as Record<string, unknown>)[key] = mapStrings(value, redact);
    if (task.result !== undefined) mapStrings(task.result, redact);
    this.redactedWith.set(task, this.secrets.size);
  }
}
