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
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
export default { test: { include: ['vitest/*.spec.ts'], setupFiles: ['jest-k8s-placement/vitest'] } };
`);
  const deps = ['jest', '@jest/globals', '@types/jest', '@swc/jest', '@swc/core', 'typescript', 'vitest'].map((n) => `${n}@${version(n)}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', path.join(tmp, tarball), ...deps]);
  // One tsc process for the three configs (build mode), about half the time of three `tsc -p`.
  run('npx', ['tsc', '-b', ...variants.map((v) => `tsconfig.${v.name}.json`)]);
  // Specs with FAIL tests make the runners exit 1, so their JSON reports are checked instead of their exit codes;
  // the runners stay quiet (expected failures would read as real ones), and a wrong outcome is printed below.
  run('npx', ['jest', '--ci', '--silent', '--json', '--outputFile=jest.json', '--reporters=./quiet-reporter.js'], { mayFail: true });
  run('npx', ['vitest', 'run', '--reporter=json', '--outputFile=vitest.json'], { mayFail: true });
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
    const nodes = parseManifests('apiVersion: v1\\nkind: Node\\nmetadata: {name: a}\\n').nodes().length;
    console.log(JSON.stringify({ exports: Object.keys(cjs).length, missing, nodes }));`], { cwd: project, env, encoding: 'utf8' });
  const named = esm.status === 0 ? JSON.parse(esm.stdout.trim().split('\n').pop()) : undefined;
  if (!named || named.missing.length || named.nodes !== 1 || named.exports < 60) failures.push(`[node ESM import] ${esm.stderr || esm.stdout}`);
  else console.log(`node ESM import: the ${named.exports} exports of require('jest-k8s-placement') are named exports of import too`);
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
  if (failures.length) {
    console.error(`\npackage test failed:\n${failures.join('\n\n')}`);
    process.exitCode = 1;
  } else {
    console.log('package test: 3 runner variants and the README\'s Jest and Vitest setups passed from the packed tarball');
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
