// The helm and kustomize binaries the render tests run: the pinned ones scripts/tools.mjs builds into .tools/
// (`npm run tools`), plus kubectl for `kubectl kustomize`. In CI (JEST_K8S_PLACEMENT_TOOLS=required, set by .ci/run)
// a missing one fails the suite; a contributor without Go gets one skipped test saying what to run.
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pins = (JSON.parse(readFileSync(path.join(root, 'scripts/tools.json'), 'utf8')) as { tools: Array<{ name: string; version: string }> }).tools;
const required = process.env.JEST_K8S_PLACEMENT_TOOLS === 'required';

export interface Binary {
  label: string;
  path: string;
}

function pinned(name: string): Binary[] {
  const found: Binary[] = [];
  for (const t of pins.filter((p) => p.name === name)) {
    const file = path.join(root, '.tools', `${t.name}-${t.version}`, t.name);
    if (existsSync(file)) found.push({ label: `${t.name} ${t.version}`, path: file });
    else if (required) throw new Error(`${t.name} ${t.version} is not in .tools/ and JEST_K8S_PLACEMENT_TOOLS=required: run npm run tools (needs Go)`);
  }
  return found;
}

export const helms = pinned('helm');
export const kustomizes = pinned('kustomize');
/** kubectl on PATH, for renderKustomization's `kubectl kustomize` fallback. */
function kubectlOnPath(): Binary[] {
  const file = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'kubectl')).find((f) => existsSync(f));
  if (!file && required) throw new Error('kubectl is not on PATH and JEST_K8S_PLACEMENT_TOOLS=required');
  return file ? [{ label: 'kubectl kustomize', path: file }] : [];
}
export const kubectl = kubectlOnPath();

/** describe.each over the binaries, or one skipped test naming what to run when there is none. */
export function eachBinary<B extends Binary>(binaries: B[], what: string, body: (binary: B) => void): void {
  if (!binaries.length) {
    test.skip(`${what}: not built — run npm run tools (needs Go), then the tests again`, () => undefined);
    return;
  }
  describe.each(binaries)('$label', body);
}

/** A copy of a fixture directory (a chart, a kustomization tree) to break or change, in a temp directory. */
export function fixtureCopy(source: string, name: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'jkp-render-')), name);
  cpSync(source, dir, { recursive: true });
  return dir;
}

/** What a render call throws (it must throw). */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}
