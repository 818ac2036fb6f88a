// A child Node process that loads src/'s TypeScript through swc, as Jest runs it: for what a test's own process cannot
// show (which modules a fresh process loads, the warnings it emits once).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');

/** Runs `script` (CommonJS, cwd = the repository) in a fresh process; its stdout, or a throw with its stderr. */
export function runWithTs(script: string): string {
  const child = `
    const fs = require('node:fs');
    const swc = require('@swc/core');
    require.extensions['.ts'] = (m, file) => m._compile(swc.transformSync(fs.readFileSync(file, 'utf8'),
      { filename: file, module: { type: 'commonjs' }, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }).code, file);
    ${script}`;
  const r = spawnSync(process.execPath, ['-e', child], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}
