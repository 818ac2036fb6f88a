// The helm and kustomize the chart and overlay examples run: the pinned ones `npm run tools` builds into .tools/
// (scripts/tools.json), set as HELM and KUSTOMIZE the way a user points the library at theirs. Without them a
// contributor gets one skipped test saying what to run; in CI (JEST_K8S_PLACEMENT_TOOLS=required, set by .ci/run)
// the spec fails instead, so no example is silently skipped there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const pins = (JSON.parse(readFileSync(path.join(root, 'scripts/tools.json'), 'utf8')) as { tools: Array<{ name: string; version: string }> }).tools;
const onPath = (name: string) => (process.env.PATH ?? '').split(path.delimiter).some((d) => d && existsSync(path.join(d, name)));

/** The first pinned build of `name` in .tools/ (helm v3 before v4, as tools.json lists them). */
function built(name: string): string | undefined {
  return pins.filter((p) => p.name === name).map((p) => path.join(root, '.tools', `${p.name}-${p.version}`, p.name)).find(existsSync);
}

const helm = built('helm');
const kustomize = built('kustomize');
if (helm && !process.env.HELM) process.env.HELM = helm;
if (kustomize && !process.env.KUSTOMIZE) process.env.KUSTOMIZE = kustomize;

const available = {
  helm: () => !!helm || !!process.env.HELM,
  // renderKustomization falls back to `kubectl kustomize`
  kustomize: () => !!kustomize || !!process.env.KUSTOMIZE || onPath('kubectl'),
};

/** True when `tool` can run; else a skipped test (locally) or a failure (CI) saying to run `npm run tools`. */
export function hasTool(tool: keyof typeof available): boolean {
  if (available[tool]()) return true;
  const message = `${tool} is not built: run npm run tools (builds the pinned ${tool} into .tools/ with Go), then npm run examples again`;
  if (process.env.JEST_K8S_PLACEMENT_TOOLS === 'required') throw new Error(`${message} (JEST_K8S_PLACEMENT_TOOLS=required)`);
  test.skip(message, () => undefined);
  return false;
}
