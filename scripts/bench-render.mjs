// The render cache benchmark (issue 22): a spec suite of 20 files, each rendering the examples' storefront chart over
// the same 3 values sets with renderCharts, run by Jest (2 workers) three times: with an empty cache, with the cache
// the first run left, and with cache: false. A counting wrapper around helm tells how many `helm template` ran.
// Run with `npm run bench` (after a build); needs the pinned helm (`npm run tools`).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pins = JSON.parse(readFileSync(path.join(repo, 'scripts/tools.json'), 'utf8')).tools;
const pin = pins.find((t) => t.name === 'helm');
const helm = path.join(repo, '.tools', `helm-${pin.version}`, 'helm');
if (!existsSync(helm)) {
  const message = `bench-render: helm ${pin.version} is not built; run npm run tools (needs Go)`;
  if (process.env.JEST_K8S_PLACEMENT_TOOLS === 'required') throw new Error(message);
  console.log(`${message} — skipped`);
  process.exit(0);
}

const FILES = 20;
const work = mkdtempSync(path.join(os.tmpdir(), 'jkp-bench-render-'));
const count = path.join(work, 'renders.log');
const versions = path.join(work, 'versions.log');
// the wrapper logs each `helm template`, and each `helm version` (the cache key's, asked once per binary for the
// whole run: about 90 ms each, which every spec file paid before issue 37)
const wrapper = path.join(work, 'helm');
writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = template ] && echo x >> ${JSON.stringify(count)}\n[ "$1" = version ] && echo x >> ${JSON.stringify(versions)}\nexec ${JSON.stringify(helm)} "$@"\n`);
chmodSync(wrapper, 0o755);

const chart = path.join(repo, 'examples/charts/storefront');
const spec = `const { renderCharts } = require(${JSON.stringify(path.join(repo, 'dist/index.js'))});
const v = (n) => ${JSON.stringify(chart)} + '/values-' + n + '.yaml';
const charts = renderCharts(${JSON.stringify(chart)}, { prod: [v('prod')], staging: [v('staging')], gpu: [v('prod'), v('gpu')] },
  { release: 'shop', namespace: 'shop', helm: ${JSON.stringify(wrapper)}, ...(process.env.BENCH_NO_CACHE ? { cache: false } : {}) });
test.each(charts)('%s renders its web tier', (_name, chart) => { expect(chart.get('deployment/shop-web').kind).toBe('Deployment'); });
`;
writeFileSync(path.join(work, 'jest.config.json'), JSON.stringify({ testEnvironment: 'node', transform: {}, cacheDirectory: path.join(work, 'jest-cache') }));
for (let i = 1; i <= FILES; i++) writeFileSync(path.join(work, `spec-${String(i).padStart(2, '0')}.test.js`), spec);

const lines = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);
const asked = [];
function run(label, env) {
  rmSync(count, { force: true });
  rmSync(versions, { force: true });
  const started = process.hrtime.bigint();
  const jest = spawnSync(process.execPath, [path.join(repo, 'node_modules/jest/bin/jest.js'), '--config', path.join(work, 'jest.config.json'), '--rootDir', work, '--maxWorkers', '2', '--ci', '--silent'], {
    cwd: work, env: { ...process.env, JEST_K8S_PLACEMENT_CACHE: path.join(work, 'cache'), ...env }, encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (jest.status !== 0) throw new Error(`bench-render: the ${label} run failed:\n${jest.stderr}`);
  const renders = lines(count);
  asked.push(lines(versions));
  console.log(`  ${label.padEnd(24)} ${String(renders).padStart(3)} helm template  ${String(asked.at(-1)).padStart(2)} helm version (goal ≤ 1 per run)  ${seconds.toFixed(1).padStart(6)} s`);
  return renders;
}

console.log(`render cache: ${FILES} spec files × 3 values sets of examples/charts/storefront, helm ${pin.version}, Jest with 2 workers (load ${os.loadavg()[0].toFixed(2)})`);
const cold = run('empty cache', {});
const warm = run('cache from the last run', {});
const none = run('cache: false', { BENCH_NO_CACHE: '1' });
rmSync(work, { recursive: true, force: true });
// the point of the cache: each values set renders once per run, and not at all when nothing changed
if (cold !== 3 || warm !== 0 || none !== FILES * 3) throw new Error(`bench-render: expected 3, 0 and ${FILES * 3} renders, got ${cold}, ${warm} and ${none}`);
// helm version: once for the run that fills the cache, never after (its answer is kept beside the render cache)
if (asked.some((n) => n > 1) || asked[1] !== 0) throw new Error(`bench-render: expected helm version at most once per run and not in the second, got ${asked.join(', ')}`);
