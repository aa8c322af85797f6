/**
 * The per-test verdicts of a certify run, read from its junit.xml: for every testcase, passed,
 * failure, error (broken) or skipped with its reason, and whether it carries warnings. Two runs of
 * the same server with the same seed must give the same map, whatever the load of the machine.
 * (inconclusive: a time window the run could not decide).
 */
import { readFileSync } from 'node:fs';

const unescapeXml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function junitVerdicts(path: string): Map<string, string> {
  const xml = readFileSync(path, 'utf8');
  const verdicts = new Map<string, string>();
  for (const match of xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const [, file, name, , inner = ''] = match;
    if (file === 'run errors') continue;
    const skipped = /<skipped message="([^"]*)"/.exec(inner);
    const verdict = /<failure /.test(inner)
      ? 'failed'
      : /<error /.test(inner)
        ? 'broken'
        : skipped
          ? `skipped: ${unescapeXml(skipped[1]!)}`
          : /name="inconclusive"/.test(inner)
            ? 'inconclusive'
            : 'passed';
    const warned = /name="warning"/.test(inner) ? ' (with warnings)' : '';
    verdicts.set(`${file} > ${unescapeXml(name!)}`, `${verdict}${warned}`);
  }
  return verdicts;
}

/** The tests whose verdicts differ between two runs, one line each. */
export function verdictDifferences(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => a.get(n) !== b.get(n)).map((n) => `${n}: ${a.get(n) ?? 'absent'} / ${b.get(n) ?? 'absent'}`);
}
