/**
 * The reference server as a remote target of certify, as a user names one: its profile in a file and
 * the flags of the command line (target, account and manager keys, profile, areas). Shared by the
 * end-to-end tests that put a proxy or a fault between certify and the server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddedTarget } from '../harness/run/embedded-target.ts';
import { testScratchDir } from './scratch-dir.ts';

/** The reference server as a remote target: its profile in a file, with what the test adds. */
export function profileFile(target: EmbeddedTarget, extra: Record<string, unknown> = {}): string {
  const path = join(testScratchDir('mc-remote-profile-'), 'profile.json');
  writeFileSync(path, JSON.stringify({ ...target.profile, ...extra }));
  return path;
}

export const remoteFlags = (target: EmbeddedTarget, url: string, profile: string, only: string): string[] => [
  '--target',
  url,
  '--api-key',
  target.server.keys.account,
  '--manager-key',
  target.server.keys.manager,
  '--profile',
  profile,
  '--only',
  only,
];
