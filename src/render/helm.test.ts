// renderChart / renderCharts against the real helm (v3 and v4, built by npm run tools), on a chart written for
// these tests (test/render/charts/shop). Error messages are helm's own (pkg/engine/engine.go reports
// `template: <chart>/templates/x.yaml:L:C: executing …`, `execution error at (…:L:C)`, `parse error at (…:L)`;
// pkg/action/action.go `YAML parse error on …`; pkg/action/dependency.go CheckDependencies → `helm dependency build`).
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManifestError, origin } from '../loader';
import { RenderError, renderChart, renderCharts } from '.';
import { eachBinary, fixtureCopy, helms, thrown } from '../../test/render/binaries';

const CHART = path.join(__dirname, '../../test/render/charts/shop');
const rel = path.relative(process.cwd(), CHART);
const freshCache = () => mkdtempSync(path.join(tmpdir(), 'jkp-cache-test-'));
const gpuNode = {
  apiVersion: 'v1', kind: 'Node', metadata: { name: 'gpu-1', labels: { pool: 'gpu' } },
  spec: { taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' as const }] },
  status: { allocatable: { cpu: '8', memory: '32Gi', pods: '110', 'nvidia.com/gpu': '4' }, conditions: [{ type: 'Ready', status: 'True' }] },
};

/** A copy of the chart to break or change, in a temp directory. */
const chartCopy = () => fixtureCopy(CHART, 'shop');


eachBinary(helms, 'helm', ({ path: helm }) => {
  const opts = { helm, cache: false as const };

  test('objects point at their template file and line, and messages name the values set', () => {
    const chart = renderChart(rel, { ...opts, release: 'prod', namespace: 'shop', values: [`${rel}/values-prod.yaml`], name: 'prod' });
    const web = chart.get('deployment/prod-web');
    const pdb = chart.get('poddisruptionbudget/prod-web');
    // helm prints the PodDisruptionBudget before the Deployment (it sorts by kind); each still gets its own chunk's line
    expect(chart.all().map((o) => o.kind)).toEqual(['PodDisruptionBudget', 'Deployment']);
    expect(origin(web)).toEqual({ file: `${rel}/templates/web.yaml`, document: 0, line: 2, values: 'prod' });
    expect(origin(pdb)).toEqual({ file: `${rel}/templates/web.yaml`, document: 1, line: 31, values: 'prod' });
    expect(String(web)).toBe(`Deployment shop/prod-web (${rel}/templates/web.yaml:2, values: prod)`);
    expect(chart.name).toBe('prod');
    expect(web.spec?.replicas).toBe(4);
  });

  test('a failing matcher names the template file and the values set', () => {
    const chart = renderChart(rel, { ...opts, release: 'prod', namespace: 'shop', name: 'prod' });
    expect(() => expect(chart.get('deployment/prod-web')).toBeSchedulableOn(gpuNode)).toThrow(
      `Deployment shop/prod-web (${rel}/templates/web.yaml:2, values: prod)`,
    );
  });

  test('values merge in Helm order: files and objects as given, then set, then setString', () => {
    const chart = renderChart(rel, {
      ...opts,
      values: [`${rel}/values-gpu.yaml`, { replicas: 7, image: { tag: 'from-object' } }, `${rel}/values-prod.yaml`],
      set: { 'image.tag': 'from-set' },
    });
    const web = chart.get('deployment/release-name-web');
    expect(web.spec?.replicas).toBe(4); // values-prod.yaml came after the object
    expect(web.spec?.template?.spec?.nodeSelector).toEqual({ pool: 'general' }); // values-prod overrides values-gpu
    expect(web.spec?.template?.spec?.tolerations?.[0]?.key).toBe('nvidia.com/gpu'); // values-gpu kept where not overridden
    expect(web.metadata && (web.metadata as { annotations?: Record<string, string> }).annotations?.['image-tag']).toBe('from-set');
    expect(chart.get('job/release-name-trainer')).toBeDefined();
    expect(chart.name).toBe('values-gpu.yaml + {…} + values-prod.yaml + image.tag=from-set');
    const typed = renderChart(rel, { ...opts, set: ['replicas=3'], setString: { 'image.tag': '1.10' } });
    const annotations = (typed.get('deploy/release-name-web').metadata as { annotations: Record<string, string> }).annotations;
    expect(annotations['image-tag']).toBe('1.10');
    expect(typed.get('deploy/release-name-web').spec?.replicas).toBe(3);
  });

  test('the release namespace is where objects without one land, as helm install puts them', () => {
    const chart = renderChart(rel, { ...opts, namespace: 'shop' });
    expect(chart.get('deploy/release-name-web').metadata?.namespace).toBe('shop');
    expect(renderChart(rel, opts).get('deploy/release-name-web').metadata?.namespace).toBeUndefined();
  });

  test('kubeVersion, apiVersions, includeCRDs and showOnly reach helm template', () => {
    const chart = renderChart(rel, { ...opts, kubeVersion: 'v1.31.2', apiVersions: ['monitoring.coreos.com/v1'], includeCRDs: true });
    expect((chart.get('deploy/release-name-web').metadata as { annotations: Record<string, string> }).annotations['kube-version']).toBe('v1.31.2');
    expect(chart.all().map((o) => o.kind).sort()).toEqual(['CustomResourceDefinition', 'Deployment', 'PodDisruptionBudget', 'ServiceMonitor']);
    expect(origin(chart.get('customresourcedefinition/shelves.shop.example'))).toMatchObject({ file: `${rel}/crds/shelves.yaml`, line: 1 });
    expect(origin(chart.get('servicemonitor/release-name-web'))).toMatchObject({ file: `${rel}/templates/monitor.yaml`, line: 2 });
    const only = renderChart(rel, { ...opts, showOnly: 'templates/web.yaml', values: `${rel}/values-gpu.yaml` });
    expect(only.all().map((o) => o.kind)).toEqual(['PodDisruptionBudget', 'Deployment']);
  });

  test('renderCharts gives one named collection per values set, for describe.each and by name', () => {
    const charts = renderCharts(rel, {
      prod: `${rel}/values-prod.yaml`,
      gpu: [`${rel}/values-gpu.yaml`],
      staging: { values: { replicas: 1 }, release: 'staging' },
    }, opts);
    expect(charts.map(([name]) => name)).toEqual(['prod', 'gpu', 'staging']);
    expect(charts.staging.get('deploy/staging-web').spec?.replicas).toBe(1);
    expect(charts.gpu.workloads().map((w) => w.kind)).toEqual(['Deployment', 'Job']);
    expect(String(charts.gpu.get('job/release-name-trainer'))).toBe(`Job default/release-name-trainer (${rel}/templates/trainer.yaml:2, values: gpu)`);
    expect(() => renderCharts(rel, { prod: { replicas: 3 } as never }, opts)).toThrow(
      'renderCharts: sets.prod.replicas is not an option of renderChart; give values inline as { values: { replicas: … } }',
    );
  });

  describe('the render cache', () => {
    /** A helm that counts its `template` runs in a file, then runs the real one. */
    function countingHelm(): { helm: string; renders: () => number } {
      const dir = mkdtempSync(path.join(tmpdir(), 'jkp-helm-'));
      const counter = path.join(dir, 'renders');
      writeFileSync(counter, '');
      const wrapper = path.join(dir, 'helm');
      writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = template ] && echo x >> "${counter}"\nexec "${helm}" "$@"\n`);
      chmodSync(wrapper, 0o755);
      return { helm: wrapper, renders: () => readFileSync(counter, 'utf8').split('\n').filter(Boolean).length };
    }

    test('a second render of the same chart, values and options reads the cache', () => {
      const cache = freshCache();
      const { helm: counted, renders } = countingHelm();
      const first = renderChart(rel, { helm: counted, cache, values: `${rel}/values-prod.yaml`, name: 'prod' });
      const second = renderChart(rel, { helm: counted, cache, values: `${rel}/values-prod.yaml`, name: 'prod' });
      expect(renders()).toBe(1);
      expect(second.all()).toEqual(first.all());
      expect(origin(second.get('deploy/release-name-web'))).toEqual(origin(first.get('deploy/release-name-web')));
      renderChart(rel, { helm: counted, cache, values: `${rel}/values-gpu.yaml` }); // other values: another entry
      renderChart(rel, { helm: counted, cache, values: `${rel}/values-prod.yaml`, namespace: 'x' }); // other options
      expect(renders()).toBe(3);
      expect(readdirSync(cache).filter((f) => f.endsWith('.yaml'))).toHaveLength(3);
    });

    test('a changed template, values file or helm binary invalidates the entry', () => {
      const cache = freshCache();
      const { helm: counted, renders } = countingHelm();
      const dir = chartCopy();
      const values = path.join(dir, 'values-prod.yaml');
      expect(renderChart(dir, { helm: counted, cache, values }).get('deploy/release-name-web').spec?.replicas).toBe(4);
      const web = path.join(dir, 'templates/web.yaml');
      writeFileSync(web, readFileSync(web, 'utf8').replace('replicas: {{ .Values.replicas }}', 'replicas: {{ add .Values.replicas 1 }}'));
      expect(renderChart(dir, { helm: counted, cache, values }).get('deploy/release-name-web').spec?.replicas).toBe(5);
      writeFileSync(values, 'replicas: 9\n');
      expect(renderChart(dir, { helm: counted, cache, values }).get('deploy/release-name-web').spec?.replicas).toBe(10);
      expect(renders()).toBe(3);
      renderChart(dir, { helm, cache, values }); // the real binary: another version identity
      expect(readdirSync(cache).filter((f) => f.endsWith('.yaml'))).toHaveLength(4);
    });

    test('a failed render stores nothing', () => {
      const cache = freshCache();
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'templates/broken.yaml'), '{{ fail "no" }}\n');
      expect(() => renderChart(dir, { helm, cache })).toThrow(ManifestError);
      expect(readdirSync(cache).filter((f) => f.endsWith('.yaml'))).toEqual([]); // helm-version/ holds helm's version, not a render
    });
  });

  describe('errors name the template file and line helm gives', () => {
    test('a nil pointer while executing a template', () => {
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'templates/config.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: {{ .Values.missing.deep }}\n');
      const e = thrown(() => renderChart(dir, opts)) as ManifestError;
      expect(e).toBeInstanceOf(ManifestError);
      expect(e.problems).toEqual([expect.objectContaining({ file: path.relative(process.cwd(), path.join(dir, 'templates/config.yaml')), line: 6, column: 15 })]);
      expect(e.message).toContain(`${path.relative(process.cwd(), path.join(dir, 'templates/config.yaml'))}:6:15: helm template: `);
      expect(e.message).toContain('nil pointer evaluating interface {}.deep');
      expect(e.stack).not.toMatch(/child_process|spawnSync/);
    });

    test('fail and required', () => {
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'templates/guard.yaml'), '# replicas guard\n{{- if lt (int .Values.replicas) 3 }}\n{{- fail "prod needs at least 3 replicas" }}\n{{- end }}\n');
      const e = thrown(() => renderChart(dir, opts)) as ManifestError;
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), path.join(dir, 'templates/guard.yaml')), line: 3 });
      expect(e.message).toContain('prod needs at least 3 replicas');
      expect(() => renderChart(dir, { ...opts, set: { replicas: 3 } })).not.toThrow();
    });

    test('a template that does not parse', () => {
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'templates/bad.yaml'), 'a: 1\nb: {{ if }}\n');
      const e = thrown(() => renderChart(dir, opts)) as ManifestError;
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), path.join(dir, 'templates/bad.yaml')), line: 2 });
      expect(e.message).toContain('missing value for if');
    });

    test('rendered YAML that does not parse names the template (helm gives only a rendered line)', () => {
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'templates/bad.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n a: b\n  c: d\n');
      const e = thrown(() => renderChart(dir, opts)) as ManifestError;
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), path.join(dir, 'templates/bad.yaml')), line: 0 });
      expect(e.message).toContain('YAML parse error on shop/templates/bad.yaml');
      expect(e.message).toContain('helm template --debug prints it');
    });

    test('a value of the wrong type in the output names the template and the values set', () => {
      const e = thrown(() => renderChart(rel, { ...opts, values: { tolerations: [{ key: 'a', operator: 'Exists', tolerationSeconds: '300' }] }, name: 'broken' })) as ManifestError;
      expect(e.problems).toEqual([expect.objectContaining({ file: `${rel}/templates/web.yaml`, field: 'spec.template.spec.tolerations[0].tolerationSeconds' })]);
      expect(e.message).toMatch(/values: broken; line \d+ of helm template release-name /);
    });

    test('missing dependencies say to run helm dependency build, at the dependency in Chart.yaml', () => {
      const dir = chartCopy();
      writeFileSync(path.join(dir, 'Chart.yaml'), `${readFileSync(path.join(dir, 'Chart.yaml'), 'utf8')}dependencies:\n  - name: cache\n    version: 1.0.0\n    repository: file://../cache\n`);
      const e = thrown(() => renderChart(dir, opts)) as ManifestError;
      const shown = path.relative(process.cwd(), dir);
      expect(e.problems[0]).toMatchObject({ file: `${shown}/Chart.yaml`, line: 6 });
      expect(e.message).toMatch(/helm dependency build/i);
      expect(e.message).toContain(`(run: helm dependency build ${shown})`);
    });

    test('a values file that does not exist is named, and helm is not run', () => {
      const e = thrown(() => renderChart(rel, { helm: '/nonexistent/helm', values: [`${rel}/values-prod.yaml`, 'values-nope.yaml'] })) as ManifestError;
      expect(e).toBeInstanceOf(ManifestError);
      expect(e.problems).toEqual([{ file: 'values-nope.yaml', line: 0, message: `values-nope.yaml: values file not found (renderChart ${rel}, values[1])` }]);
    });

    test('a chart directory that is not there, or not a chart', () => {
      expect(() => renderChart('charts/nope', opts)).toThrow('charts/nope: not found');
      expect(() => renderChart(__dirname, opts)).toThrow('a directory without Chart.yaml: not a Helm chart');
      expect(() => renderChart(rel, { ...opts, replicas: 3 } as never)).toThrow('renderChart: unknown option "replicas" (values go in { values: { replicas: … } })');
    });
  });
});

describe('without helm', () => {
  const saved = { HELM: process.env.HELM, PATH: process.env.PATH };
  afterEach(() => Object.assign(process.env, saved));

  test('a missing binary says how to install helm or where to point HELM', () => {
    process.env.HELM = '/nonexistent/helm';
    const e = thrown(() => renderChart(rel, { cache: false }));
    expect(e).toBeInstanceOf(RenderError);
    expect(e.message).toBe('cannot run /nonexistent/helm (HELM=/nonexistent/helm): not found. Install helm (https://helm.sh/docs/intro/install/) or point the HELM environment variable (or the option { helm }) at the binary.');
    delete process.env.HELM;
    process.env.PATH = '/nonexistent';
    expect(() => renderChart(rel)).toThrow(`renderChart("${rel}"): helm is not on PATH. Install helm (https://helm.sh/docs/intro/install/)`);
  });
});
