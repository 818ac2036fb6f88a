// Packs the package, installs the tarball into a fresh temporary project, and runs the specs of test/package
// there in three runner variants: Jest's global expect, @jest/globals (injectGlobals off) and Vitest.
//
// - `test/package/X.spec.ts` runs in all three variants, `X.jest.spec.ts` in both Jest ones, `X.vitest.spec.ts`
//   in Vitest only. Each variant gets a copy of the specs (and of the other .ts files, e.g. shared objects) with
//   its test API imported where there are no globals. Paths in specs are relative to the project root.
// - Each variant is type-checked with the `compilerOptions.types` the README states for that runner, so
//   `@ts-expect-error` lines in specs are type tests of the published typings.
// - A test whose name starts with "FAIL" must fail, and its failure's first stack frame outside the runner must
//   be the spec's own line; every other test must pass.
// - The docs' code blocks (scripts/doc-blocks.mjs: docs/**/*.md, CONTRIBUTING.md, the README beyond its Install) run
//   there too: spec blocks type-checked and run by Jest, config blocks loaded with their entries resolved, sh blocks'
//   CLI commands run. And the main entry is proved both ways: `import` gets dist/index.mjs, `require` dist/index.js,
//   with the same objects, under Node and under Vitest.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commands, specName, toolsEnv, writeDocsProject } from './doc-blocks.mjs';
import { exportedNames } from './exports.mjs';

const root = path.resolve(import.meta.dirname, '..');
const specs = path.join(root, 'test/package');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const version = (name) => lock.packages[`node_modules/${name}`].version;
const tmp = mkdtempSync(path.join(tmpdir(), 'jest-k8s-placement-'));
const project = path.join(tmp, 'project');
const env = { ...process.env, FORCE_COLOR: '0' };
for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key.startsWith('JEST_')) delete env[key];
const run = (cmd, args, { cwd = project, mayFail = false } = {}) => {
  const start = Date.now();
  try {
    execFileSync(cmd, args, { cwd, stdio: 'inherit', env });
  } catch (error) {
    if (!mayFail) throw error;
  } finally {
    console.log(`$ ${cmd} ${args.join(' ')}  (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
};

const testApi = 'afterAll, afterEach, beforeAll, beforeEach, describe, expect, test';
const variants = [
  { name: 'global', runner: 'jest', header: '', types: ['jest', 'jest-k8s-placement/jest'] },
  { name: 'jest-globals', runner: 'jest', header: `import { ${testApi} } from '@jest/globals';\n`, types: ['jest-k8s-placement/jest-globals'] },
  { name: 'vitest', runner: 'vitest', header: `import { ${testApi} } from 'vitest';\n`, types: ['jest-k8s-placement/vitest'] },
];
const runsIn = (file, variant) =>
  file.endsWith('.vitest.spec.ts') ? variant.runner === 'vitest' : file.endsWith('.jest.spec.ts') ? variant.runner === 'jest' : true;

// A stack frame of the runner, its assertion library or Node itself, skipped when looking for the failing line.
const runnerFrame = /node:internal|\(<anonymous>\)|node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:vitest|@vitest|chai|tinyspy|expect|@jest|jest-[\w-]+)[\\/]/;

/** Problems with one runner's JSON report (Jest's --json and Vitest's json reporter share the shape). */
function check(report, variant, expectedFiles) {
  const problems = [];
  const suites = report.testResults.filter((r) => r.name.split(path.sep).includes(variant.name));
  const ran = suites.map((s) => path.basename(s.name)).sort();
  if (ran.join() !== expectedFiles.join()) problems.push(`ran ${ran.join(', ') || 'nothing'}, expected ${expectedFiles.join(', ')}`);
  let count = 0;
  for (const suite of suites) {
    const file = path.basename(suite.name);
    if (suite.assertionResults.length === 0) problems.push(`${file}: no tests ran: ${suite.message}`);
    for (const a of suite.assertionResults) {
      count++;
      const title = [...(a.ancestorTitles ?? []), a.title].join(' › ');
      const failing = a.title.startsWith('FAIL');
      const message = (a.failureMessages ?? []).join('\n');
      if (a.status !== (failing ? 'failed' : 'passed')) {
        problems.push(`${file}: "${title}" ${a.status}${message ? `:\n${message}` : ''}`);
      } else if (failing) {
        const frame = message.split('\n').find((l) => /^\s+at /.test(l) && !runnerFrame.test(l)) ?? '(no frame)';
        if (!frame.includes(file)) problems.push(`${file}: "${title}" failed, but its stack starts at ${frame.trim()}, not at the spec:\n${message}`);
      }
    }
  }
  return { problems, count };
}

// The README's Install section, followed literally: its `### Jest` or `### Vitest` part and the Quick start, with the
// code blocks read from README.md so the text cannot drift from what is tested. A block whose first line is
// `// <file>` is that file; a `sh` block's lines are commands, and a command whose comment names a runner runs only
// for that runner. `npm install` gets the tarball for this package and the lockfile's versions for the rest
// (reproducible and served from npm's cache; the README's names resolve to the same packages).
function readmeBlocks(section) {
  const blocks = [];
  for (const m of section.matchAll(/^```(\w*)\n([^]*?)^```$/gm)) blocks.push({ lang: m[1], text: m[2] });
  return blocks;
}

function readmeProject(runner, tarball) {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const between = (from, to) => {
    const start = readme.indexOf(from);
    const end = readme.indexOf(to, start + from.length);
    if (start < 0 || end < 0) throw new Error(`README.md has no "${from}" … "${to}"`);
    return readme.slice(start, end);
  };
  const blocks = [...readmeBlocks(between(`### ${runner}\n`, '\n### ')), ...readmeBlocks(between('## Quick start\n', '\n## '))];
  const dir = path.join(tmp, `readme-${runner.toLowerCase()}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `readme-${runner.toLowerCase()}`, private: true }, null, 2));
  const commands = [];
  for (const b of blocks) {
    const file = /^\/\/ ([\w.-]+)\n/.exec(b.text)?.[1];
    if (file) writeFileSync(path.join(dir, file), b.text);
    else if (b.lang === 'sh') {
      for (const line of b.text.split('\n').filter(Boolean)) {
        const [command, comment = ''] = line.split(/\s+#\s*/);
        const other = ['Jest', 'Vitest'].find((r) => r !== runner);
        if (!comment.includes(other)) commands.push(command.trim());
      }
    }
  }
  // Specs load manifests with Node's modules and globals: the README's tsconfig must type-check them (issue 31), and
  // its `npx tsc` reads this file too (no runner runs it: it is not a spec).
  writeFileSync(path.join(dir, 'node-apis.ts'), [
    "import path from 'node:path';",
    "import { readFileSync } from 'node:fs';",
    "export const manifests = path.join(__dirname, 'manifests');",
    "export const release = process.env.KUBERNETES_VERSION ?? '1.37';",
    "export const read = (file: string): string => readFileSync(path.join(manifests, file), 'utf8');",
    '',
  ].join('\n'));
  if (!commands.some((c) => c.startsWith('npm install')) || !commands.some((c) => c.startsWith('npx '))) {
    throw new Error(`README.md: no npm install or npx command for ${runner}: ${JSON.stringify(commands)}`);
  }
  for (const command of commands) {
    let [cmd, ...args] = command.split(/\s+/);
    if (cmd === 'npm' && args[0] === 'install') {
      args = [...args.map((a, i) => (i === 0 || a.startsWith('-') ? a : a === 'jest-k8s-placement' ? tarball : `${a}@${version(a)}`)), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
    }
    const start = Date.now();
    const r = spawnSync(cmd, args, { cwd: dir, env, encoding: 'utf8' });
    console.log(`$ ${command}  (README ${runner}, ${((Date.now() - start) / 1000).toFixed(1)} s)`);
    if (r.status !== 0) throw new Error(`${command} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
    if (cmd === 'npx' && args[0] !== 'tsc' && !/\b2 passed\b/.test((r.stdout + r.stderr).replace(/\u001b\[[0-9;]*m/g, ''))) throw new Error(`${command}: the Quick start's 2 tests did not pass:\n${r.stdout}\n${r.stderr}`);
  }
}

// The main entry under Vitest: an ES module spec (no transform, no typings) importing the package by name.
const ESM_SPEC = `import * as esm from 'jest-k8s-placement';
import { parseManifests } from 'jest-k8s-placement';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

test('import gets the ES module entry, require the CommonJS one, both the same objects', () => {
  const cjs = createRequire(process.cwd() + '/')('jest-k8s-placement');
  expect('default' in esm).toBe(false); // Node's import of the CommonJS entry would add a default export
  expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
  expect(Object.keys(cjs).filter((k) => esm[k] !== cjs[k])).toEqual([]);
  expect(parseManifests('apiVersion: v1\\nkind: Node\\nmetadata: {name: a}\\n').nodes()).toHaveLength(1);
});
`;

/** The docs' blocks from the tarball: every spec block passed, configs load and resolve, CLI commands exit 0. */
function checkDocs(report, docs, skipped, docsEnv, needsMissing) {
  const problems = [];
  const byName = new Map(report.testResults.map((r) => [path.basename(r.name), r]));
  const where = (name) => { const b = docs.blocks.find((x) => x.kind === 'spec' && specName(x) === name); return b ? `${b.file}:${b.line}` : name; };
  for (const name of docs.specs.filter((n) => !skipped.includes(n))) {
    const suite = byName.get(name);
    if (!suite) { problems.push(`[docs] ${where(name)}: did not run`); continue; }
    if (suite.assertionResults.length === 0) problems.push(`[docs] ${where(name)}: no tests ran: ${suite.message}`);
    for (const a of suite.assertionResults) if (a.status !== 'passed') problems.push(`[docs] ${where(name)}: "${a.title}" ${a.status}:\n${(a.failureMessages ?? []).join('\n')}`);
  }
  docs.configs.forEach((b, i) => {
    const dir = path.join(project, 'docs-configs', String(i));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, b.name), b.text);
    const check = spawnSync(process.execPath, ['--input-type=module', '-e', `
      const config = (await import(${JSON.stringify(path.join(dir, b.name))})).default;
      const names = JSON.stringify(config).match(/"jest-k8s-placement[^"]*"/g) ?? [];
      for (const n of names) import.meta.resolve(JSON.parse(n));
      console.log(names.length);`], { cwd: project, env, encoding: 'utf8' });
    if (check.status !== 0) problems.push(`[docs] ${b.file}:${b.line}: ${b.name} does not load or its entries do not resolve:\n${check.stderr}`);
  });
  let ran = 0;
  for (const b of docs.sh) {
    for (const command of commands(b)) {
      if (needsMissing(command)) continue;
      const start = Date.now();
      const r = spawnSync('bash', ['-c', command], { cwd: project, env: docsEnv, encoding: 'utf8' });
      ran++;
      console.log(`$ ${command}  (${b.file}:${b.line}, ${((Date.now() - start) / 1000).toFixed(1)} s)`);
      if (r.status !== 0) problems.push(`[docs] ${b.file}:${b.line}: ${command} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
    }
  }
  const skippedBlocks = docs.blocks.filter((b) => b.kind === 'skipped');
  console.log(`docs: ${docs.specs.length - skipped.length} spec blocks, ${docs.configs.length} configs, ${ran} commands run; not run: ${skippedBlocks.length} blocks marked no-run${skipped.length ? `, ${skipped.length} render specs (no ${toolsEnv(env).missing.join('/')}: npm run tools)` : ''}`);
  return problems;
}

try {
  run('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: root });
  mkdirSync(project);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  cpSync(specs, project, { recursive: true, filter: (src) => !src.endsWith('.ts') || path.dirname(src) !== specs });
  const sources = readdirSync(specs).filter((f) => f.endsWith('.ts'));
  const specFiles = {};
  for (const variant of variants) {
    mkdirSync(path.join(project, variant.name));
    specFiles[variant.name] = [];
    for (const file of sources) {
      const isSpec = file.endsWith('.spec.ts');
      if (isSpec && !runsIn(file, variant)) continue;
      if (isSpec) specFiles[variant.name].push(file);
      const text = readFileSync(path.join(specs, file), 'utf8');
      writeFileSync(path.join(project, variant.name, file), isSpec ? variant.header + text : text);
    }
    specFiles[variant.name].sort();
    writeFileSync(path.join(project, `tsconfig.${variant.name}.json`), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: variant.types },
      include: [`${variant.name}/**/*.ts`],
    }, null, 2));
  }
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }, null, 2));
  writeFileSync(path.join(project, 'jest.config.js'), `
const base = { testEnvironment: 'node', transform: { '^.+\\\\.ts$': '@swc/jest' } };
module.exports = { projects: [
  { ...base, displayName: 'global', testMatch: ['<rootDir>/global/*.spec.ts'], setupFilesAfterEnv: ['jest-k8s-placement/jest'] },
  { ...base, displayName: 'jest-globals', injectGlobals: false, testMatch: ['<rootDir>/jest-globals/*.spec.ts'], setupFilesAfterEnv: ['jest-k8s-placement/jest-globals'] },
] };
`);
  writeFileSync(path.join(project, 'quiet-reporter.js'), 'module.exports = class { onRunComplete() {} };\n');
  writeFileSync(path.join(project, 'vitest.config.mjs'), `
export default { test: { include: ['vitest/*.spec.ts', 'esm/*.spec.mjs'], setupFiles: ['jest-k8s-placement/vitest'] } };
`);
  const docs = writeDocsProject(project, 'docs-specs');
  writeFileSync(path.join(project, 'tsconfig.docs.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: ['jest', 'node', 'jest-k8s-placement/jest'] },
    include: ['docs-specs/**/*.ts'],
  }, null, 2));
  writeFileSync(path.join(project, 'docs-jest.config.js'), `
module.exports = { testEnvironment: 'node', transform: { '^.+\\\\.ts$': '@swc/jest' }, testMatch: ['<rootDir>/docs-specs/*.spec.ts'], setupFilesAfterEnv: ['jest-k8s-placement/jest'] };
`);
  mkdirSync(path.join(project, 'esm'));
  writeFileSync(path.join(project, 'esm/entry.spec.mjs'), ESM_SPEC);
  const deps = ['jest', '@jest/globals', '@types/jest', '@types/node', '@swc/jest', '@swc/core', 'typescript', 'vitest'].map((n) => `${n}@${version(n)}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', path.join(tmp, tarball), ...deps]);
  // One tsc process for the three configs (build mode), about half the time of three `tsc -p`.
  run('npx', ['tsc', '-b', ...variants.map((v) => `tsconfig.${v.name}.json`), 'tsconfig.docs.json']);
  // Specs with FAIL tests make the runners exit 1, so their JSON reports are checked instead of their exit codes;
  // the runners stay quiet (expected failures would read as real ones), and a wrong outcome is printed below.
  run('npx', ['jest', '--ci', '--silent', '--json', '--outputFile=jest.json', '--reporters=./quiet-reporter.js'], { mayFail: true });
  run('npx', ['vitest', 'run', '--reporter=json', '--outputFile=vitest.json'], { mayFail: true });
  const tools = toolsEnv(env);
  const renders = /\brender(Chart|Charts|Kustomization)\(|\bhelm\b|--chart|--kustomize/;
  const needsMissing = (text) => tools.missing.length > 0 && renders.test(text);
  if (tools.missing.length && process.env.JEST_K8S_PLACEMENT_TOOLS === 'required') throw new Error(`no ${tools.missing.join(', ')} built: run npm run tools (JEST_K8S_PLACEMENT_TOOLS=required)`);
  const docsEnv = { ...tools.env, PATH: [tools.env.HELM, tools.env.KUSTOMIZE].filter(Boolean).map((t) => path.dirname(t)).concat(tools.env.PATH ?? '').join(path.delimiter) };
  const skippedDocs = docs.specs.filter((name) => needsMissing(readFileSync(path.join(project, 'docs-specs', name), 'utf8')));
  for (const name of skippedDocs) rmSync(path.join(project, 'docs-specs', name));
  // --ci=false, also when CI=true (Jest's is-ci default): a docs example may take a snapshot, written into this
  // throwaway project on its first run.
  {
    const start = Date.now();
    spawnSync('npx', ['jest', '-c', 'docs-jest.config.js', '--ci=false', '--silent', '--json', '--outputFile=docs.json', '--reporters=./quiet-reporter.js'], { cwd: project, env: docsEnv, stdio: 'inherit' });
    console.log(`$ npx jest -c docs-jest.config.js  (docs' spec blocks, ${((Date.now() - start) / 1000).toFixed(1)} s)`);
  }
  const reports = {
    jest: JSON.parse(readFileSync(path.join(project, 'jest.json'), 'utf8')),
    vitest: JSON.parse(readFileSync(path.join(project, 'vitest.json'), 'utf8')),
  };
  const failures = [];
  // Node's ESM import of the CommonJS main entry finds its names by reading index.js (cjs-module-lexer), not by
  // running it (index.ts makes each export a getter that loads its module): every export must be importable by name.
  const esm = spawnSync(process.execPath, ['--input-type=module', '-e', `
    import { createRequire } from 'node:module';
    import * as named from 'jest-k8s-placement';
    import { parseManifests } from 'jest-k8s-placement';
    const cjs = createRequire(process.cwd() + '/')('jest-k8s-placement');
    const missing = Object.keys(cjs).filter((k) => named[k] !== cjs[k]);
    if (!import.meta.resolve('jest-k8s-placement').endsWith('/dist/index.mjs') || 'default' in named) missing.push('import did not get dist/index.mjs');
    if (!createRequire(process.cwd() + '/').resolve('jest-k8s-placement').endsWith('/dist/index.js')) missing.push('require did not get dist/index.js');
    const nodes = parseManifests('apiVersion: v1\\nkind: Node\\nmetadata: {name: a}\\n').nodes().length;
    console.log(JSON.stringify({ exports: Object.keys(cjs).sort(), missing, nodes }));`], { cwd: project, env, encoding: 'utf8' });
  const named = esm.status === 0 ? JSON.parse(esm.stdout.trim().split('\n').pop()) : undefined;
  // the values src/exports.ts lists (its types are erased), no more and no fewer
  const listed = [...exportedNames()].filter(([, e]) => e.kind !== 'type').map(([name]) => name).sort();
  if (!named || named.missing.length || named.nodes !== 1 || named.exports.join() !== listed.join()) failures.push(`[node ESM import] ${esm.stderr || esm.stdout}`);
  else console.log(`node ESM import: import gets dist/index.mjs, require dist/index.js, the same ${named.exports.length} exports, those of src/exports.ts`);
  for (const variant of variants) {
    const { problems, count } = check(reports[variant.runner], variant, specFiles[variant.name]);
    console.log(`${variant.name}: ${count} tests in ${specFiles[variant.name].join(', ')}: ${problems.length ? 'WRONG' : 'each passed or failed as named'}`);
    failures.push(...problems.map((p) => `[${variant.name}] ${p}`));
  }
  for (const runner of ['Jest', 'Vitest']) {
    try {
      readmeProject(runner, path.join(tmp, tarball));
      console.log(`README ${runner} setup: installed, type-checked and ran the Quick start as written`);
    } catch (error) {
      failures.push(`[README ${runner}] ${error.message}`);
    }
  }
  failures.push(...checkDocs(JSON.parse(readFileSync(path.join(project, 'docs.json'), 'utf8')), docs, skippedDocs, docsEnv, needsMissing));
  const esmSuite = reports.vitest.testResults.find((r) => r.name.endsWith(`${path.sep}esm${path.sep}entry.spec.mjs`));
  if (!esmSuite || esmSuite.assertionResults.length === 0 || esmSuite.assertionResults.some((a) => a.status !== 'passed')) {
    failures.push(`[Vitest ESM import] ${esmSuite ? JSON.stringify(esmSuite.assertionResults.map((a) => [a.title, a.status, a.failureMessages]), null, 2) : 'esm/entry.spec.mjs did not run'}`);
  } else console.log('Vitest ESM import: import gets the ES module entry, with the objects require gets');
  if (failures.length) {
    console.error(`\npackage test failed:\n${failures.join('\n\n')}`);
    process.exitCode = 1;
  } else {
    console.log('package test: 3 runner variants, the README\'s Jest and Vitest setups and the docs\' code blocks passed from the packed tarball');
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
