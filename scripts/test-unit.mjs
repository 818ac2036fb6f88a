// `npm run test:unit -- scheduler k8s`: the Jest projects of those folders of src/ (jest.config.ts has one per
// folder, plus `src` for src/'s own files and `e2e` and `repository` for test/). A folder may be written as
// `src/scheduler` or `src/scheduler/`. The folders come first; from the first option or path on (--maxWorkers=1,
// -t name, src/k8s/quantity.test.ts), the arguments go to Jest as they are.
// With no folder, every project runs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const projects = [];
const rest = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('-') || arg.includes('.') || rest.length > 0) rest.push(arg);
  else projects.push(arg.replace(/^src\//, '').replace(/\/$/, '') || 'src');
}
const args = projects.length > 0 ? [...rest, '--selectProjects', ...projects] : rest;
const run = spawnSync(process.execPath, [jest, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
