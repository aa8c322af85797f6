/**
 * Where vitest keeps the workers' transformed modules between runs (experimental.fsModuleCache):
 * the machine's temporary folder (an installed package's folder may be read-only), one folder per
 * install. Vitest empties its cache folder whenever the install state it reads (npm's
 * node_modules/.package-lock.json and the like) differs from the one it recorded there; one
 * folder shared by every run of a user was therefore emptied under the feet of a run in progress
 * whenever a run of another install (the package installed elsewhere, a checkout after
 * `npm install`) started beside it: its workers failed to load their modules. Keyed by the
 * project's folder and the install state vitest reads, a folder only ever sees one install, and
 * vitest never has a reason to empty it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The files by which vitest judges that the install changed (its lockfile formats), looked up from
 * the project's folder upwards as vitest does; the folder of patches beside npm's counts too.
 */
const INSTALL_STATE_FILES = [
  'node_modules/.package-lock.json',
  'patches',
  'node_modules/.yarn-state.yml',
  '.pnp.cjs',
  '.pnp.js',
  'node_modules/.yarn-integrity',
  'node_modules/.pnpm/lock.yaml',
  '.rush/temp/shrinkwrap-deps.json',
  'bun.lock',
  'bun.lockb',
];

/** A folder of an install not used for this long is removed when another run starts: installs come and go (CI's clean clones). */
const UNUSED_FOR_MS = 7 * 24 * 3_600_000;

/** The user's folder of module caches, one subfolder per install. */
export const moduleCachesFolder = (temporary = tmpdir()): string => join(temporary, `messaging-conformance-modules-${process.getuid?.() ?? 'user'}`);

/** The install state as vitest would read it: each state file on the way up, by its size and time of change. */
function installState(projectRoot: string): string {
  const seen: string[] = [];
  for (let dir = projectRoot; ; dir = dirname(dir)) {
    for (const name of INSTALL_STATE_FILES) {
      try {
        const stat = statSync(join(dir, name));
        seen.push(`${join(dir, name)}:${stat.size}:${stat.mtimeMs}`);
      } catch {
        // Absent: nothing of this kind at this level.
      }
    }
    if (dirname(dir) === dir) return seen.join('\n');
  }
}

/** The cache folder of the install at `projectRoot`; folders of installs unused for a week are removed. */
export function moduleCacheFolder(projectRoot: string, temporary = tmpdir(), now = Date.now()): string {
  const caches = moduleCachesFolder(temporary);
  const key = createHash('sha256')
    .update(`${projectRoot}\n${installState(projectRoot)}`)
    .digest('hex')
    .slice(0, 16);
  let entries: string[] = [];
  try {
    entries = readdirSync(caches);
  } catch {
    // No caches yet.
  }
  for (const entry of entries) {
    if (entry === key) continue;
    try {
      if (now - statSync(join(caches, entry)).mtimeMs > UNUSED_FOR_MS) rmSync(join(caches, entry), { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
  // Marked as used now: a run of another install removes only folders no run has used for a week.
  const folder = join(caches, key);
  mkdirSync(folder, { recursive: true });
  utimesSync(folder, new Date(now), new Date(now));
  return folder;
}
