/**
 * An empty project that installs the packed tarball, for test/package-install.test.ts: the way a
 * user gets the package, without the checkout's sources, dev dependencies or tsx.
 *
 * Offline: npm 11 resolves a new dependency from full packuments, which `npm ci` does not keep in
 * the cache (it reads abbreviated ones), so `npm install --offline <tgz>` cannot resolve here. The
 * consumer gets a lockfile instead: the tarball, and beside it the production part of this
 * project's package-lock.json (the exact tree the project tests with), installed with
 * `npm ci --offline` from the cache that the project's own `npm ci` filled.
 *
 * The timeouts (5 minutes each) only tell a hung npm: the pack compiles the whole project
 * (prepack), which took over 2 minutes on a saturated 2-core machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

interface LockEntry {
  version?: string;
  dev?: boolean;
  [field: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm pack` of the checkout (its prepack builds dist/); the tarball's path. */
export function packProject(destination: string): string {
  mkdirSync(destination, { recursive: true });
  execFileSync(NPM, ['pack', '--pack-destination', destination, '--silent'], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  const tarball = readdirSync(destination).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball to ${destination}`);
  return join(destination, tarball);
}

/** The files of a tarball, as `tar` lists them (package/...). */
export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** The consumer's lockfile: the tarball as its one dependency, with the project's production tree under it. */
function consumerLockfile(projectLock: Lockfile, tarballSpec: string): Lockfile & { name: string; lockfileVersion: number; requires: boolean } {
  const root = projectLock.packages[''];
  if (!root) throw new Error('package-lock.json has no root entry');
  const pick = (field: string) => (root[field] === undefined ? {} : { [field]: root[field] });
  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', dependencies: { 'messaging-conformance': tarballSpec } },
    'node_modules/messaging-conformance': {
      ...pick('version'),
      resolved: tarballSpec,
      ...pick('license'),
      ...pick('dependencies'),
      ...pick('bin'),
      ...pick('engines'),
    },
  };
  // Entries marked dev only serve the project's own tooling; devOptional ones are also optional
  // dependencies of the production tree, so they stay.
  for (const [path, entry] of Object.entries(projectLock.packages)) if (path !== '' && entry.dev !== true) packages[path] = entry;
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

/** Writes the empty consumer project around `tarball` in `dir` and installs it offline; returns what npm warned (an engine warning among them). */
export function installConsumer(dir: string, tarball: string): string {
  mkdirSync(dir, { recursive: true });
  const spec = `file:${tarball}`;
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'messaging-conformance': spec } }, null, 2)}\n`,
  );
  const projectLock = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(consumerLockfile(projectLock, spec), null, 2)}\n`);
  const install = spawnSync(NPM, ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel', 'warn'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (install.status !== 0) throw new Error(`npm ci of the consumer failed (${install.status ?? install.signal}): ${install.stderr}`);
  return install.stderr;
}
