// Upstream's exact texts (issue 33, CONTRIBUTING.md "Upstream's exact texts"): every constant in src/ whose JSDoc
// carries `@upstream <file>` holds a text upstream prints, byte for byte. This script lists them and keeps
// test/fixtures/upstream-texts.json, where each is recorded with the upstream file it was found in, in the module
// the newest oracle pins (oracle/k8s-<minor>/go.mod). test/upstream-texts.test.ts compares src/ with that file, so a
// rewording fails there; the fixture is only written when each text is in upstream's Go source.
//   node scripts/upstream-texts.mjs --list    the marked texts in src/, as JSON (no Go needed)
//   node scripts/upstream-texts.mjs --write   check each against the Go module cache and write the fixture
//   node scripts/upstream-texts.mjs --check   the drift check: the fixture is what --write would write (npm run test:oracle)
// `<file>` is a path in k8s.io/kubernetes, or a module path first (`sigs.k8s.io/karpenter/pkg/…`, `k8s.io/api/…`).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ts = createRequire(import.meta.url)('typescript');
const FIXTURE = path.join(root, 'test/fixtures/upstream-texts.json');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.m?ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every `@upstream`-tagged const with a string value: { name: "src/…/file.ts:Name", source, text }. */
export function markedTexts() {
  const out = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@upstream')) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const stmt of sf.statements) {
      if (!ts.isVariableStatement(stmt)) continue;
      const tag = ts.getJSDocTags(stmt.declarationList.declarations[0]).find((t) => t.tagName.text === 'upstream');
      if (!tag) continue;
      const decl = stmt.declarationList.declarations[0];
      const where = `${path.relative(root, file).split(path.sep).join('/')}:${decl.name.getText(sf)}`;
      const init = decl.initializer;
      if (!init || !(ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init))) throw new Error(`${where}: an @upstream const must be a string literal`);
      const source = String(typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment) ?? '').trim().split(/\s+/)[0];
      if (!source) throw new Error(`${where}: @upstream names no file`);
      out.push({ name: where, source, text: init.text });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The module versions the newest oracle module pins (its go.mod require lines). */
function pinned() {
  const dirs = readdirSync(path.join(root, 'oracle')).filter((d) => /^k8s-1\.\d+$/.test(d)).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
  const mod = readFileSync(path.join(root, 'oracle', dirs.at(-1), 'go.mod'), 'utf8');
  const karpenter = readdirSync(path.join(root, 'oracle')).filter((d) => d.startsWith('karpenter-')).map((d) => readFileSync(path.join(root, 'oracle', d, 'go.mod'), 'utf8')).join('\n');
  const versions = new Map();
  for (const m of (mod + '\n' + karpenter).matchAll(/^\s*(k8s\.io\/[\w.-]+|sigs\.k8s\.io\/[\w.-]+)\s+(v\S+)/gm)) if (!versions.has(m[1])) versions.set(m[1], m[2]);
  return versions;
}

/** The Go file for a source, in the module cache; its module and version. */
function goFile(source, versions) {
  const mod = [...versions.keys()].filter((m) => source.startsWith(m + '/')).sort((a, b) => b.length - a.length)[0] ?? 'k8s.io/kubernetes';
  const rest = source.startsWith(mod + '/') ? source.slice(mod.length + 1) : source;
  const cache = process.env.GOMODCACHE ?? path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'pkg/mod');
  return { file: path.join(cache, `${mod}@${versions.get(mod)}`, rest), module: `${mod}@${versions.get(mod)}` };
}

/** The text is a Go string literal in the file ("…" with Go escapes, or `…`). */
const inGo = (go, text) => go.includes(JSON.stringify(text)) || go.includes('`' + text + '`');

function fixture() {
  const versions = pinned();
  const texts = markedTexts().map((t) => {
    const { file, module } = goFile(t.source, versions);
    if (!existsSync(file)) throw new Error(`${t.name}: ${module}/${t.source} is not in the Go module cache (build the oracle first: npm run test:oracle)`);
    if (!inGo(readFileSync(file, 'utf8'), t.text)) throw new Error(`${t.name}: ${JSON.stringify(t.text)} is not a string literal in ${module}/${t.source}`);
    return { ...t, module };
  });
  return JSON.stringify({ texts }, null, 2) + '\n';
}

const mode = process.argv[2];
if (mode === '--list') process.stdout.write(JSON.stringify(markedTexts()));
else if (mode === '--write') writeFileSync(FIXTURE, fixture());
else if (mode === '--check') {
  const want = fixture();
  if (readFileSync(FIXTURE, 'utf8') !== want) {
    console.error('test/fixtures/upstream-texts.json is stale: run node scripts/upstream-texts.mjs --write');
    process.exit(1);
  }
  console.log(`upstream texts: ${JSON.parse(want).texts.length} marked texts found in upstream's Go source`);
} else if (process.argv[1] === import.meta.filename) {
  console.error('usage: node scripts/upstream-texts.mjs --list | --write | --check');
  process.exit(2);
}
