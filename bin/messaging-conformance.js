#!/usr/bin/env node
// The installed package runs the compiled CLI (dist/, npm run build): plain Node, no loader.
// A source checkout has harness/cli.ts beside this folder and runs it through tsx instead (a dev
// dependency), so the CLI used by the project's own tests is always the current source, never a
// stale build.
import { existsSync, readFileSync } from 'node:fs';

// --version needs nothing but package.json: answered before any loader or module of the kit.
const [first] = process.argv.slice(2);
if (first === '--version' || first === '-v') {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
  process.exit(0);
}

if (existsSync(new URL('../harness/cli.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../harness/cli.ts');
} else {
  await import('../dist/harness/cli.js');
}
