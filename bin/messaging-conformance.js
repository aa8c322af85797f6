#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the package ships its sources as they are.
import { register } from 'tsx/esm/api';

register();
await import('../harness/cli.ts');
