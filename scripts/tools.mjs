#!/usr/bin/env node
// npm run tools: build the pinned helm (v3 and v4) and kustomize of scripts/tools.json into .tools/<name>-<version>/
// with the machine's Go (`go install <module>@<version>`, from the Go module proxy). The tests and examples that run
// them find them there. Without Go a contributor's run skips those tests with a message; with
// JEST_K8S_PLACEMENT_TOOLS=required (CI) or --required, a tool that cannot be built is an error.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { tools } = JSON.parse(readFileSync(path.join(root, 'scripts/tools.json'), 'utf8'));
const required = process.argv.includes('--required') || process.env.JEST_K8S_PLACEMENT_TOOLS === 'required';

const missing = tools.filter((t) => !existsSync(path.join(root, '.tools', `${t.name}-${t.version}`, t.name)));
if (!missing.length) process.exit(0);

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.error || go.status !== 0) {
  const names = missing.map((t) => `${t.name} ${t.version}`).join(', ');
  const message = `tools: Go is not installed, so ${names} cannot be built into .tools/; the tests and examples that run them are skipped. Install Go (https://go.dev/dl/) and run npm run tools.`;
  console.error(required ? `${message}\ntools: JEST_K8S_PLACEMENT_TOOLS=required: failing.` : message);
  process.exit(required ? 1 : 0);
}

for (const t of missing) {
  const dir = path.join(root, '.tools', `${t.name}-${t.version}`);
  console.error(`tools: go install ${t.module}@${t.version} into ${path.relative(root, dir)}/ (minutes the first time, seconds from Go's build cache)`);
  const started = Date.now();
  const run = spawnSync('go', ['install', `${t.module}@${t.version}`], { stdio: 'inherit', env: { ...process.env, GOBIN: dir, GOFLAGS: `${process.env.GOFLAGS ?? ''} -buildvcs=false`.trim() } });
  if (run.status !== 0) {
    console.error(`tools: building ${t.name} ${t.version} failed${required ? '' : '; the tests and examples that run it are skipped'}`);
    if (required) process.exit(1);
    continue;
  }
  console.error(`tools: ${t.name} ${t.version} built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
