// A helm or kustomize that hangs (issue 32 point 4): the render is synchronous, so Jest's test timeout cannot stop
// it; the tool is killed after the option `timeout` (else JEST_K8S_PLACEMENT_RENDER_TIMEOUT, else 120 s) and the
// render fails with a RenderError naming the chart or kustomization and what to raise. Fake binaries that sleep.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RenderError, renderChart, renderKustomization } from '.';
import { thrown } from '../../test/render/binaries';

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-timeout-'));
/** A binary that answers `version` at once and sleeps on anything else (exec: no child outlives the kill). */
const sleeper = (name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n[ "$1" = version ] && { echo v0.0.0; exit 0; }\nexec sleep 30\n');
  chmodSync(file, 0o755);
  return file;
};
const helm = sleeper('helm');
const kustomize = sleeper('kustomize');
const chart = path.join(dir, 'web');
mkdirSync(chart);
writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
const overlay = path.join(dir, 'overlay');
mkdirSync(overlay);
writeFileSync(path.join(overlay, 'kustomization.yaml'), 'resources: []\n');

const timed = (fn: () => unknown) => {
  const started = Date.now();
  const e = thrown(fn);
  return { e, ms: Date.now() - started };
};

test('a hanging helm template is killed after the option timeout, with an error naming the chart and the option', () => {
  for (const cache of [false as const, path.join(dir, 'cache')]) {
    // 1.5 s, not less: with a cache the render first asks `helm version` under the same timeout, and a shell's start on
    // a loaded runner took more than 0.3 s
    const { e, ms } = timed(() => renderChart(chart, { helm, cache, timeout: 1500 }));
    expect(e).toBeInstanceOf(RenderError);
    expect(e.message).toBe(`renderChart(${JSON.stringify(chart)}): helm template did not finish in 1.5 s and was killed; raise the option { timeout } (ms) or JEST_K8S_PLACEMENT_RENDER_TIMEOUT if it is only slow`);
    expect(ms).toBeLessThan(10_000);
  }
});

test('JEST_K8S_PLACEMENT_RENDER_TIMEOUT sets it when the option does not; a bad value is named', () => {
  const saved = process.env.JEST_K8S_PLACEMENT_RENDER_TIMEOUT;
  try {
    process.env.JEST_K8S_PLACEMENT_RENDER_TIMEOUT = '200';
    expect(timed(() => renderChart(chart, { helm, cache: false })).e.message).toContain('helm template did not finish in 0.2 s');
    process.env.JEST_K8S_PLACEMENT_RENDER_TIMEOUT = 'soon';
    expect(() => renderChart(chart, { helm, cache: false })).toThrow(`renderChart(${JSON.stringify(chart)}): JEST_K8S_PLACEMENT_RENDER_TIMEOUT=soon must be a positive number of milliseconds`);
  } finally {
    if (saved === undefined) delete process.env.JEST_K8S_PLACEMENT_RENDER_TIMEOUT;
    else process.env.JEST_K8S_PLACEMENT_RENDER_TIMEOUT = saved;
  }
  expect(() => renderChart(chart, { helm, cache: false, timeout: 0 })).toThrow('option timeout must be a positive number of milliseconds');
});

test('a hanging kustomize build is killed too', () => {
  const { e, ms } = timed(() => renderKustomization(overlay, { kustomize, timeout: 300 }));
  expect(e).toBeInstanceOf(RenderError);
  expect(e.message).toBe(`renderKustomization(${JSON.stringify(overlay)}): kustomize build did not finish in 0.3 s and was killed; raise the option { timeout } (ms) or JEST_K8S_PLACEMENT_RENDER_TIMEOUT if it is only slow`);
  expect(ms).toBeLessThan(10_000);
});
