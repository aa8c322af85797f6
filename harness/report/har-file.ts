/**
 * The certify process's half of certify --har (RunConfig.harFile): once the run is over, the entries
 * the workers appended (kit/har-recorder.ts, one JSON line each in `<out>/.har-parts/<run id>/`) are
 * written as one HAR 1.2 log, in the order the exchanges started, and the parts folder is removed.
 *
 * Every entry is redacted once more against every secret the run learned (5.2: a key the target
 * returned to one worker, 4.11, may be in the entries of another, written before it was known), as
 * a JSON value, string by string, so that a replacement cannot break the JSON around it. Memory
 * stays bounded by the largest entry, not the run: the lines are indexed by their start time and
 * position, sorted, and read back one at a time (each body is already cut, transport/har-entry.ts).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../config/project-paths.ts';
import { HarEntry, harPartsFolder } from '../kit/har-recorder.ts';
import type { RunPlace } from '../kit/run-state.ts';
import { mapStrings } from './run-redaction.ts';

export interface HarFileInput {
  place: RunPlace;
  harFile: string;
  /** Every secret of the run (run/run-secrets.ts RunSecrets.redact). */
  redact: (text: string) => string;
}

export interface HarFileOutcome {
  entries: number;
  /** Lines that were no entry (a worker stopped mid-line when the run was abandoned): left out. */
  skipped: number;
  /** A worker that could not write its entries: the HAR lacks some (a run error). */
  incomplete: boolean;
}

interface IndexedLine {
  startedAt: string;
  file: string;
  offset: number;
  length: number;
}

const CHUNK_BYTES = 1024 * 1024;

/** Every line of `file` by its byte offset and length, read in chunks (a part may be hundreds of MB). */
function* linesOf(file: string): Generator<{ offset: number; bytes: Buffer }> {
  const fd = openSync(file, 'r');
  try {
    let carry = Buffer.alloc(0);
    let carryOffset = 0;
    let position = 0;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (let read = readSync(fd, chunk, 0, CHUNK_BYTES, position); read > 0; read = readSync(fd, chunk, 0, CHUNK_BYTES, position)) {
      position += read;
      let data = Buffer.concat([carry, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        yield { offset: carryOffset + start, bytes: data.subarray(start, end) };
        start = end + 1;
      }
      carryOffset += start;
      data = data.subarray(start);
      carry = Buffer.from(data);
    }
    if (carry.length > 0) yield { offset: carryOffset, bytes: carry };
  } finally {
    closeSync(fd);
  }
}

const startedAtOf = (line: Buffer): string | undefined => /"startedDateTime":"([^"]+)"/.exec(line.subarray(0, 256).toString('utf8'))?.[1];

function readLine(line: IndexedLine): string {
  const fd = openSync(line.file, 'r');
  try {
    const bytes = Buffer.alloc(line.length);
    readSync(fd, bytes, 0, line.length, line.offset);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function creatorVersion(): string {
  try {
    const data: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
    return typeof data === 'object' && data !== null && 'version' in data && typeof data.version === 'string' ? data.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Writes the run's HAR and removes the workers' parts; a run that wrote no part gets an empty log. */
export function writeHarFile(input: HarFileInput): HarFileOutcome {
  const folder = harPartsFolder(input.place);
  const names = statSync(folder, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(folder) : [];
  const index: IndexedLine[] = [];
  let skipped = 0;
  for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
    const file = join(folder, name);
    for (const { offset, bytes } of linesOf(file)) {
      const startedAt = startedAtOf(bytes);
      if (startedAt === undefined) skipped += 1;
      else index.push({ startedAt, file, offset, length: bytes.length });
    }
  }
  index.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const incomplete = names.some((n) => n.endsWith('.failed'));
  // Written beside its place and renamed there: a reader never sees half a HAR.
  mkdirSync(dirname(input.harFile), { recursive: true });
  const temporary = `${input.harFile}.partial`;
  const fd = openSync(temporary, 'w');
  let entries = 0;
  try {
    const comment = incomplete ? ', "comment": "incomplete: a worker could not write its entries (see the run errors)"' : '';
    writeSync(
      fd,
      `{"log": {"version": "1.2", "creator": {"name": "messaging-conformance", ` +
        `"version": ${JSON.stringify(creatorVersion())}}, "pages": []${comment}, "entries": [\n`,
    );
    for (const line of index) {
      const parsed = HarEntry.safeParse(safeJson(readLine(line)));
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      const entry = mapStrings(parsed.data, input.redact);
      writeSync(fd, `${entries > 0 ? ',\n' : ''}${JSON.stringify(entry)}`);
      entries += 1;
    }
    writeSync(fd, '\n]}}\n');
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, input.harFile);
  rmSync(folder, { recursive: true, force: true });
  try {
    // `.har-parts` itself, once no run uses it (another run's parts may be there: then it stays).
    rmdirSync(dirname(folder));
  } catch {
    // Not empty, or already gone.
  }
  return { entries, skipped, incomplete };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
