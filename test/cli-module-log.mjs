// Records every module the process resolves, one URL a line, in the file named by
// MC_MODULE_LOG (test/cli-fast-paths.test.ts: which modules --help and a usage error load).
// Given with `node --import ./test/cli-module-log.mjs`; the hooks run on node's loader thread.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.MC_MODULE_LOG) appendFileSync(process.env.MC_MODULE_LOG, resolved.url + '\\n');
  return resolved;
}`)}`,
);
