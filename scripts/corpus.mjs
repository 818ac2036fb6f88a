// npm run test:corpus -- <dir>: load every file of a real-world corpus and check the placement facts
// its SOURCES.md states (test/corpus/corpus.spec.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(`usage: npm run test:corpus -- <corpus directory>${dir ? ` (${dir} does not exist)` : ''}`);
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const run = spawnSync(process.execPath, [jest, '-c', path.join(root, 'test/corpus/jest.config.js'), '--ci'], {
  stdio: 'inherit',
  env: { ...process.env, K8S_CORPUS: path.resolve(dir) },
});
process.exit(run.status ?? 1);
