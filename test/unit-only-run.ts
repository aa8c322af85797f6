/**
 * Whether this vitest run is .ci/run's on Node 22 or 24 (MC_SKIP_END_TO_END=1): what a Node
 * version can break, the Node APIs the code uses and the package as installed, not what gives the
 * same answer on every version. vitest.config.ts leaves files out by it; package-install.test.ts
 * leaves out its TypeScript consumer (tsc's verdict does not depend on the Node that runs it).
 */
export const UNIT_ONLY_RUN = process.env.MC_SKIP_END_TO_END === '1';
