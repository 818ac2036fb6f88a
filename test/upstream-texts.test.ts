// Upstream's exact texts (issue 33; CONTRIBUTING.md "Upstream's exact texts"): every const in src/ whose JSDoc has
// `@upstream <file>` is byte-equal to what test/fixtures/upstream-texts.json recorded — the fixture is written by
// scripts/upstream-texts.mjs only when the text is a string literal in that file of the module the oracle pins, and
// `npm run test:oracle` checks it for drift. So a rewording of a marked text fails here, without Go. The texts still
// written inline that the script found verbatim in upstream's Go source (`inline`) must stay in their files too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';

const root = path.resolve(__dirname, '..');
interface Marked { name: string; source: string; text: string }
const listed: { marked: Marked[]; literals: Record<string, string[]> } =
  JSON.parse(execFileSync(process.execPath, [path.join(root, 'scripts/upstream-texts.mjs'), '--list'], { encoding: 'utf8', maxBuffer: 1 << 26 }));
const { marked, literals } = listed;
const recorded: { texts: Array<Marked & { module: string }>; inline: Array<{ file: string; text: string; source: string }> } =
  JSON.parse(readFileSync(path.join(root, 'test/fixtures/upstream-texts.json'), 'utf8'));
const fixture = recorded.texts;

test('every marked text is byte-equal to the one found in upstream\'s source, and every recorded one is still marked', () => {
  expect(marked.length).toBeGreaterThan(10);
  expect(marked).toEqual(fixture.map(({ name, source, text }) => ({ name, source, text })));
  for (const t of fixture) expect(t.module).toMatch(/^(k8s\.io|sigs\.k8s\.io)\/[\w.-]+@v\d/);
});

test('every scheduler plugin reason (ErrReason…) is marked', () => {
  const names = new Set(marked.map((m) => m.name));
  const reasons = globSync('src/scheduler/plugins/**/*.ts', { cwd: root, ignore: '**/*.test.ts' }).sort().flatMap((file) =>
    [...readFileSync(path.join(root, file), 'utf8').matchAll(/^export const (ErrReason\w+) = ['"]/gm)].map((m) => `${file.split(path.sep).join('/')}:${m[1]}`));
  expect(reasons.length).toBeGreaterThan(10);
  expect(reasons.filter((r) => !names.has(r))).toEqual([]);
});

test('every upstream text written inline is still in its file, byte for byte', () => {
  expect(recorded.inline.length).toBeGreaterThan(50);
  const missing = recorded.inline.filter(({ file, text }) => !(literals[file] ?? []).includes(text));
  // a text here was reworded or moved: upstream's words stay as they are (CONTRIBUTING.md "Upstream's exact texts");
  // moved into a marked const or another file, run `node scripts/upstream-texts.mjs --write` after an oracle build
  expect(missing).toEqual([]);
});
