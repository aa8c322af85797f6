/**
 * CLI. `npm run spec` writes spec/openapi.json, spec/openapi.yaml, spec/openapi.d.ts, the JSON-only
 * variant and spec/requirements.yaml (the requirement catalogue and its traceability matrix) from the
 * zod schemas, the suites' tests as vitest collects them and the reference server's seams and mutants;
 * `npm run spec:check` (--check) regenerates them in memory and fails, naming each stale file,
 * when the committed ones differ.
 */
import { fileURLToPath } from 'node:url';
import { buildDocument } from './build-document.ts';
import { renderOutputs } from './render-outputs.ts';
import { faultsByRequirement } from './requirement-faults.ts';
import { collectRequirementTests } from './requirement-tests.ts';
import type { Traceability } from './requirements-yaml.ts';
import { staleOutputs, writeOutputs } from './write-outputs.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What spec/requirements.yaml says decides and breaks each requirement: the suites' tests, the seams and the mutants. */
const traceability = async (): Promise<Traceability> => ({ tests: await collectRequirementTests(), faults: faultsByRequirement() });

async function main(argv: readonly string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`usage: tsx spec/emit.ts [--check] (unknown argument: ${unknown.join(' ')})`);
    return 2;
  }
  const files = await renderOutputs(buildDocument(), await traceability());
  if (argv.includes('--check')) {
    const stale = await staleOutputs(ROOT, files);
    if (stale.length === 0) {
      console.log(`spec:check: ${files.map((f) => f.path).join(', ')} are up to date.`);
      return 0;
    }
    for (const s of stale)
      console.error(`spec:check: ${s.path} is ${s.reason === 'missing' ? 'missing' : 'stale (differs from what schemas/, suites/ and reference/ generate)'}`);
    console.error('Run `npm run spec` and commit the result.');
    return 1;
  }
  await writeOutputs(ROOT, files);
  console.log(`spec: wrote ${files.map((f) => f.path).join(', ')}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
