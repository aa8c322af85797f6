/**
 * harness/run/module-cache-folder.ts: one cache folder per install, so that vitest, which empties
 * its cache folder when the install it reads changed, never empties one a run of another install
 * is using; folders unused for a week go.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleCacheFolder, moduleCachesFolder } from '../harness/run/module-cache-folder.ts';

function install(root: string, lock: string): void {
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  writeFileSync(join(root, 'node_modules', '.package-lock.json'), lock);
}

describe('the folder of the transformed-module cache', () => {
  const base = mkdtempSync(join(tmpdir(), 'mc-module-cache-'));
  const temporary = join(base, 'tmp');
  const [one, two] = [join(base, 'one'), join(base, 'two')];
  install(one, '{"a":1}');
  install(two, '{"a":1}');

  it('is one per project folder, the same for each run of one install', () => {
    expect(moduleCacheFolder(one, temporary)).toBe(moduleCacheFolder(one, temporary));
    expect(moduleCacheFolder(one, temporary)).not.toBe(moduleCacheFolder(two, temporary));
    expect(moduleCacheFolder(one, temporary).startsWith(moduleCachesFolder(temporary))).toBe(true);
  });

  it('changes when the install changes (npm install rewrites node_modules/.package-lock.json)', () => {
    const before = moduleCacheFolder(one, temporary);
    install(one, '{"a":1,"b":2}');
    expect(moduleCacheFolder(one, temporary)).not.toBe(before);
  });

  it("removes another install's folder unused for a week, never one used since", () => {
    const stale = moduleCacheFolder(two, temporary);
    const fresh = moduleCacheFolder(join(base, 'three'), temporary);
    const weekAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    utimesSync(stale, weekAgo, weekAgo);
    moduleCacheFolder(one, temporary);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
