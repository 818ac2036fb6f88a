// `npm run mutation [chunk…] [--score]`: StrykerJS over the engine in chunks, then one score over everything run so far.
// Each chunk keeps its own JSON report and incremental file in reports/mutation/, so an interrupted run resumes
// where it stopped and a rerun after new tests only retests the mutants those tests cover.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

import { chunks } from '../stryker.config.mjs';

// `--score`: only the score over the chunks already run
const scoreOnly = process.argv.includes('--score');
const wanted = process.argv.slice(2).filter((a) => a !== '--score');
for (const name of wanted) if (!chunks[name]) throw new Error(`unknown chunk ${name}; known: ${Object.keys(chunks)}`);
for (const name of scoreOnly ? [] : wanted.length ? wanted : Object.keys(chunks)) {
  console.log(`\n== mutation chunk ${name}: ${chunks[name].join(' ')}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_CHUNK: name },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

// One report over all chunks that have one; a file belongs to exactly one chunk.
const merged = { schemaVersion: '1', thresholds: { high: 85, low: 70 }, files: {} };
const missing = [];
for (const name of Object.keys(chunks)) {
  const file = `reports/mutation/${name}.json`;
  if (!existsSync(file)) missing.push(name);
  else Object.assign(merged.files, JSON.parse(readFileSync(file, 'utf8')).files);
}
mkdirSync('reports/mutation', { recursive: true }); // `--score` on a clean clone
writeFileSync('reports/mutation/mutation.json', JSON.stringify(merged));

const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);
const rows = Object.entries(merged.files)
  .map(([path, { mutants }]) => {
    const count = (set) => mutants.filter((m) => set.has(m.status)).length;
    return { path, detected: count(detected), undetected: count(undetected), ignored: mutants.length - count(detected) - count(undetected) };
  })
  .sort((a, b) => a.path.localeCompare(b.path));
const score = (r) => ((100 * r.detected) / Math.max(1, r.detected + r.undetected)).toFixed(2).padStart(6);
for (const r of rows) console.log(`${score(r)} %  ${String(r.detected).padStart(5)} detected ${String(r.undetected).padStart(4)} undetected  ${r.path}`);
const total = rows.reduce((t, r) => ({ detected: t.detected + r.detected, undetected: t.undetected + r.undetected, ignored: t.ignored + r.ignored }), { detected: 0, undetected: 0, ignored: 0 });
console.log(`${score(total)} %  ${total.detected} detected, ${total.undetected} undetected, ${total.ignored} ignored (static, errors): all files`);
if (missing.length) console.log(`not run yet: ${missing.join(', ')} (npm run mutation -- ${missing.join(' ')})`);
