/**
 * Prism's mock server (@stoplight/prism-cli) on our spec/openapi.yaml, the stateless peer the
 * reference server is compared to. Started as a child on a loopback port; its per-request logging
 * is turned down to warnings so that what is measured is the mock, not its console.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT, stopProcess } from './server-process.ts';

export interface PrismServer {
  baseUrl: string;
  version: string;
  stop(): Promise<void>;
}

/** A free loopback port (Prism takes a port, not 0); the tiny race before Prism binds is accepted. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function prismCli(): { script: string; version: string } {
  const require = createRequire(join(PROJECT_ROOT, 'package.json'));
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = require(manifestPath) as { version: string; bin: { prism: string } };
  return { script: join(dirname(manifestPath), manifest.bin.prism), version: manifest.version };
}

/** Polls until Prism answers a documented operation (its startup log is not a readiness contract). */
async function waitUntilAnswering(url: string, apiKey: string, deadline: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('Prism exited during startup');
    try {
      const res = await fetch(`${url}/credits/consult`, { method: 'POST', headers: { apikey: apiKey }, signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('Prism did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function startPrism(apiKey: string): Promise<PrismServer> {
  const { script, version } = prismCli();
  const port = await freePort();
  const child = spawn(process.execPath, [script, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', join(PROJECT_ROOT, 'spec', 'openapi.yaml')], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(baseUrl, apiKey, Date.now() + 60_000, () => exited);
  } catch (e) {
    await stopProcess(child);
    throw e;
  }
  return { baseUrl, version, stop: () => stopProcess(child) };
}
