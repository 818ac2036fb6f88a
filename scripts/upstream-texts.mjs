// Upstream's exact texts (issue 33, CONTRIBUTING.md "Upstream's exact texts"): every constant in src/ whose JSDoc
// carries `@upstream <file>` holds a text upstream prints, byte for byte. This script lists them and keeps
// test/fixtures/upstream-texts.json, where each is recorded with the upstream file it was found in, in the module
// the newest oracle pins (oracle/k8s-<minor>/go.mod). test/upstream-texts.test.ts compares src/ with that file, so a
// rewording fails there; the fixture is only written when each text is in upstream's Go source.
// The fixture also records the upstream texts written inline (`inline`): every string literal of src/ (12 characters
// or more, with a space) that is a Go string literal in the pinned modules' non-test sources, with the file it is in;
// the test keeps each in its file, so an inline text is protected as a marked one is, until it moves into a const.
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

const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** Per file of src/, its string literals that could be a message (12 characters or more, with a space). */
function literals() {
  const out = {};
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found = new Set();
    const visit = (n) => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text.length >= 12 && n.text.includes(' ')) found.add(n.text);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (found.size) out[relative(file)] = [...found].sort();
  }
  return out;
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
      const where = `${relative(file)}:${decl.name.getText(sf)}`;
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
  // modules pinned only by a replace line (k8s.io/kubectl: k8s.io/kubernetes requires it at v0.0.0)
  for (const m of mod.matchAll(/^replace\s+(k8s\.io\/[\w.-]+)\s+=>\s+\1\s+(v\S+)/gm)) if (!versions.has(m[1])) versions.set(m[1], m[2]);
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

/** The pinned modules' non-test Go sources, by module. */
function goSources(versions) {
  const cache = process.env.GOMODCACHE ?? path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'pkg/mod');
  const out = [];
  const walk = (dir, module) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!['vendor', 'testdata', 'test', 'e2e', 'hack', 'docs'].includes(e.name)) walk(p, module);
      } else if (e.name.endsWith('.go') && !e.name.endsWith('_test.go')) out.push({ module, file: p });
    }
  };
  for (const [mod, version] of versions) {
    const dir = path.join(cache, `${mod}@${version}`);
    if (['k8s.io/kubernetes', 'k8s.io/apimachinery', 'k8s.io/kubectl', 'sigs.k8s.io/karpenter'].includes(mod) && existsSync(dir)) walk(dir, `${mod}@${version}`);
  }
  return out;
}

/** The inline upstream texts: src/ literals that are Go string literals upstream, with the first Go file holding each. */
function inlineTexts(versions, marked) {
  const markedText = new Set(marked.map((t) => t.text));
  const byText = new Map();
  for (const [file, texts] of Object.entries(literals())) for (const t of texts) if (!markedText.has(t)) byText.set(t, [...(byText.get(t) ?? []), file]);
  const found = new Map();
  for (const { module, file } of goSources(versions)) {
    const go = readFileSync(file, 'utf8');
    for (const t of byText.keys()) if (!found.has(t) && inGo(go, t)) found.set(t, `${module}/${path.relative(path.join(file.slice(0, file.indexOf(module) + module.length)), file).split(path.sep).join('/')}`);
  }
  return [...found].flatMap(([text, source]) => byText.get(text).map((file) => ({ file, text, source })))
    .sort((a, b) => (a.file + a.text < b.file + b.text ? -1 : 1));
}

function fixture() {
  const versions = pinned();
  const marked = markedTexts();
  const texts = marked.map((t) => {
    const { file, module } = goFile(t.source, versions);
    if (!existsSync(file)) throw new Error(`${t.name}: ${module}/${t.source} is not in the Go module cache (build the oracle first: npm run test:oracle)`);
    if (!inGo(readFileSync(file, 'utf8'), t.text)) throw new Error(`${t.name}: ${JSON.stringify(t.text)} is not a string literal in ${module}/${t.source}`);
    return { ...t, module };
  });
  return JSON.stringify({ texts, inline: inlineTexts(versions, marked) }, null, 2) + '\n';
}

const mode = process.argv[2];
if (mode === '--list') process.stdout.write(JSON.stringify({ marked: markedTexts(), literals: literals() }));
else if (mode === '--write') writeFileSync(FIXTURE, fixture());
else if (mode === '--check') {
  const want = fixture();
  if (readFileSync(FIXTURE, 'utf8') !== want) {
    console.error('test/fixtures/upstream-texts.json is stale: run node scripts/upstream-texts.mjs --write');
    process.exit(1);
  }
  const { texts, inline } = JSON.parse(want);
  console.log(`upstream texts: ${texts.length} marked and ${inline.length} inline texts found in upstream's Go source`);
} else if (process.argv[1] === import.meta.filename) {
  console.error('usage: node scripts/upstream-texts.mjs --list | --write | --check');
  process.exit(2);
}
