// renderChart / renderCharts: `helm template` run inside the tests, cached on disk, with origins in the chart.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { debuglog } from 'node:util';
import { load as loadYaml } from 'js-yaml';
import { ManifestError, Manifests, origin, parseManifests, relocate, type ManifestProblem } from '../loader';
import { POD_SPEC_PATHS } from '../k8s/subject';
import { settings } from '../core/config';
import { releaseRow } from '../core/releases';
import type { KubeObject } from '../core/types';
import { cached, cacheDirectory } from './cache';
import { releaseNameProblem, templateArgs, type HelmArgs } from './helm-args';
import { chartKey, helmIdentity } from './key';
import { findTool, RenderError, renderTimeout, runTool, type RunOptions, type Tool } from './tool';
import { templateLines, type RenderedDocument } from './sources';

/** Values as Helm takes them: a values file (relative to cwd), or an object (passed to helm as a values file). */
export type ChartValues = string | Record<string, unknown>;
/** `--set`/`--set-string` pairs: `{ 'image.tag': 'v2' }` or `['image.tag=v2']`, read by helm as on its command line. */
export type SetValues = Record<string, string | number | boolean | null> | string[];

export interface RenderChartOptions {
  /** The release name (`helm template <release> <chart>`); helm's default is `release-name`. */
  release?: string;
  /** `--namespace`: `.Release.Namespace`. */
  namespace?: string;
  /** `-f` files and objects, in Helm's merge order: later ones override earlier ones, `set` overrides them all. */
  values?: ChartValues | ChartValues[];
  /** `--set key=value` (after the values, as helm applies it). */
  set?: SetValues;
  /** `--set-string key=value` (after `set`). */
  setString?: SetValues;
  /**
   * `--kube-version`: `.Capabilities.KubeVersion` and the chart's `kubeVersion` constraint. Default: the configured
   * release's modelled patch (`configure({ kubernetesVersion: '1.37' })` → `v1.37.2`), not helm's own default.
   */
  kubeVersion?: string;
  /** `--api-versions`: more `.Capabilities.APIVersions`. */
  apiVersions?: string[];
  /** `--include-crds`: the chart's `crds/` too. */
  includeCRDs?: boolean;
  /** `--show-only templates/x.yaml`: only these templates' output. */
  showOnly?: string | string[];
  /** Other `helm template` flags, passed as given (e.g. `['--skip-tests']`); one the cache key cannot cover renders uncached. */
  flags?: string[];
  /** The name of this values set in messages (`values: prod`); default: the values files' names. */
  name?: string;
  /** The helm binary; default: the HELM environment variable, else `helm` on PATH. */
  helm?: string;
  /** Directory the chart and values files are relative to (default: process.cwd()). */
  cwd?: string;
  /** The render cache: a directory, or false to run helm every time (default: JEST_K8S_PLACEMENT_CACHE, else the temp dir). */
  cache?: string | false;
  /** Milliseconds before helm is killed and the render fails (default: JEST_K8S_PLACEMENT_RENDER_TIMEOUT, else 120000). */
  timeout?: number;
}

/** What renderChart returns: the loader's collection, plus which chart and values set it is. */
export class RenderedChart extends Manifests {
  constructor(
    objects: Manifests,
    readonly chart: string,
    readonly name: string,
    readonly command: string,
    /** Why this render skipped the cache though it was on (a flag the key cannot cover); undefined otherwise. */
    readonly uncached?: string,
  ) {
    super(objects.all());
  }
}

const debug = debuglog('jest-k8s-placement');

const INSTALL_HELM = 'Install helm (https://helm.sh/docs/intro/install/) or point the HELM environment variable (or the option { helm }) at the binary.';

const OPTION_NAMES = new Set(['release', 'namespace', 'values', 'set', 'setString', 'kubeVersion', 'apiVersions', 'includeCRDs', 'showOnly', 'flags', 'name', 'helm', 'cwd', 'cache', 'timeout']);

const fail = (problems: ManifestProblem[], fn: Function) => {
  const e = new ManifestError(problems);
  Error.captureStackTrace?.(e, fn);
  return e;
};

const asList = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** `--set` pairs: as given, or an object's entries with helm's separators (`,` and `\`) escaped. */
function setPairs(values: SetValues | undefined): string[] {
  if (values === undefined) return [];
  return Array.isArray(values) ? values : Object.entries(values).map(([k, v]) => `${k}=${String(v).replace(/[\\,]/g, '\\$&')}`);
}

function describeValues(values: ChartValues[], options: RenderChartOptions): string {
  const pairs = (set: SetValues | undefined) => (Array.isArray(set) ? set : Object.entries(set ?? {}).map(([k, v]) => `${k}=${v}`));
  const parts = [...values.map((v) => (typeof v === 'string' ? path.basename(v) : '{…}')), ...pairs(options.set), ...pairs(options.setString)];
  return parts.join(' + ') || 'chart defaults';
}

/**
 * Render a chart directory with the user's `helm template` and load the output as loadManifests does. Each object's
 * origin is its template file (from helm's `# Source:` comment) and the values set. Cached on disk: see the README.
 */
export function renderChart(chart: string, options: RenderChartOptions = {}): RenderedChart {
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.has(key)) throw new TypeError(`renderChart: unknown option ${JSON.stringify(key)} (values go in { values: { ${key}: … } })`);
  }
  const cwd = options.cwd ?? process.cwd();
  const chartDir = path.resolve(cwd, chart);
  const chartFile = path.relative(cwd, chartDir) || '.';
  const chartYaml = readChartYaml(chartDir, chartFile);
  const values = asList(options.values);
  const problems: ManifestProblem[] = [];
  values.forEach((v, i) => {
    if (typeof v === 'string' && !isFile(path.resolve(cwd, v))) problems.push({ file: v, line: 0, message: `${v}: values file not found (renderChart ${chartFile}, values[${i}])` });
    else if (typeof v !== 'string' && (typeof v !== 'object' || v === null || Array.isArray(v))) problems.push({ file: chartFile, line: 0, message: `renderChart values[${i}]: expected a values file name or an object, got ${JSON.stringify(v)}` });
  });
  if (problems.length) throw fail(problems, renderChart);

  const caller = `renderChart(${JSON.stringify(chart)})`;
  if (options.release !== undefined && typeof options.release !== 'string') throw new TypeError(`${caller}: option release must be a string`);
  const bad = options.release ? releaseNameProblem(options.release) : undefined;
  if (bad) throw new RenderError(`${caller}: option release ${JSON.stringify(options.release)}: ${bad} (helm's rule for release names)`);
  const run: RunOptions = { install: INSTALL_HELM, cwd, timeout: renderTimeout(options.timeout, caller), caller };
  const tool = findTool('helm', options.helm, 'HELM');
  if (!tool) throw new RenderError(`${caller}: helm is not on PATH. ${INSTALL_HELM}`);
  const name = options.name ?? describeValues(values, options);
  const args: Omit<HelmArgs, 'valueFiles'> = {
    release: options.release,
    chartDir,
    namespace: options.namespace,
    set: setPairs(options.set),
    setString: setPairs(options.setString),
    // helm's own default is the Kubernetes its client library was built for (v1.20 from source), not the cluster's
    kubeVersion: options.kubeVersion ?? releaseRow(settings().kubernetesVersion).patch,
    apiVersions: asList(options.apiVersions),
    includeCRDs: options.includeCRDs,
    showOnly: asList(options.showOnly),
    flags: asList(options.flags),
  };
  const command = `helm template ${options.release ?? 'release-name'} ${chartFile}`;
  const render = () => runHelm(tool, args, values, chartFile, chartYaml, run);
  let output: string;
  let uncached: string | undefined;
  if (options.cache === false) {
    output = render();
  } else {
    const dir = cacheDirectory(options.cache);
    const placeholders = values.map((v, i) => (typeof v === 'string' ? v : `<values[${i}]>`)); // temp files' names change
    const key = chartKey({ helm: () => helmIdentity(tool, dir, run), chartDir, cwd, args: templateArgs({ ...args, valueFiles: placeholders }), values, flags: args.flags });
    if ('key' in key) output = cached(dir, key.key, render).value;
    else {
      uncached = `not cached: ${key.uncacheable}`;
      debug('%s: %s', caller, uncached);
      output = render();
    }
  }
  const manifests = loadRendered(output, command, chartDir, chartFile, chartYaml.name, name);
  if (options.namespace) for (const o of manifests) inReleaseNamespace(o, options.namespace);
  return new RenderedChart(manifests, chartFile, name, command, uncached);
}

// What `helm install --namespace` does with an object that names no namespace: helm's kube client builds the
// manifest with NamespaceParam(release namespace).DefaultNamespace() (pkg/kube/client.go, newBuilder), so it lands
// in the release's namespace. Done here for the kinds placement reads, which are all namespaced; other kinds may be
// cluster-scoped, which the rendered text cannot tell.
const NAMESPACED = new Set([...Object.keys(POD_SPEC_PATHS), 'PodDisruptionBudget', 'Service', 'ConfigMap', 'Secret', 'ServiceAccount', 'PersistentVolumeClaim']);
function inReleaseNamespace(object: KubeObject, namespace: string): void {
  if (NAMESPACED.has(object.kind ?? '') && object.metadata && !object.metadata.namespace) object.metadata.namespace = namespace;
}

interface ChartYaml {
  name: string;
  text: string;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function readChartYaml(chartDir: string, chartFile: string): ChartYaml {
  const file = path.join(chartDir, 'Chart.yaml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    const what = isFile(chartDir) ? 'a file; renderChart takes a chart directory (unpack a packaged chart first)' : statSafe(chartDir) ? 'a directory without Chart.yaml: not a Helm chart' : 'not found';
    throw fail([{ file: chartFile, line: 0, message: `${chartFile}: ${what}` }], renderChart);
  }
  let name: unknown;
  try {
    name = (loadYaml(text) as { name?: unknown } | null)?.name;
  } catch {
    // helm reports a malformed Chart.yaml itself
  }
  return { name: typeof name === 'string' ? name : path.basename(chartDir), text };
}

const statSafe = (p: string) => {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
};

function runHelm(tool: Tool, args: Omit<HelmArgs, 'valueFiles'>, values: ChartValues[], chartFile: string, chartYaml: ChartYaml, run: RunOptions): string {
  // objects become values files in a temp directory, in their place in the merge order
  const temp = values.some((v) => typeof v !== 'string') ? mkdtempSync(path.join(tmpdir(), 'jkp-values-')) : undefined;
  try {
    const valueFiles = values.map((v, i) => {
      if (typeof v === 'string') return path.resolve(run.cwd!, v); // absolute: `-` or a leading `-` is never stdin or a flag
      const file = path.join(temp!, `values-${i}.json`);
      writeFileSync(file, JSON.stringify(v));
      return file;
    });
    const out = runTool(tool, templateArgs({ ...args, valueFiles }), run);
    if (out.status !== 0) throw fail([helmProblem(out.stderr || out.stdout, chartFile, chartYaml)], renderChart);
    return out.stdout;
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

/** helm's error as a problem in the chart's file: the template and line helm names, else Chart.yaml or the chart. */
export function helmProblem(stderr: string, chartFile: string, chartYaml: ChartYaml): ManifestProblem {
  const text = stderr.split('\n').filter((l) => l.trim() && !/^Use --debug flag/.test(l)).map((l) => l.trim()).join(' ').replace(/^Error: /, '');
  const message = `helm template: ${text}`;
  const inChart = (rel: string) => path.join(chartFile, rel.slice(chartYaml.name.length + 1));
  const prefix = chartYaml.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (/helm dependency build/i.test(text)) {
    const missing = /missing in charts\/ directory: (.+)$/.exec(text)?.[1]?.split(/,\s*/)[0];
    const line = missing ? lineOf(chartYaml.text, new RegExp(`^\\s*-?\\s*name:\\s*["']?${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*$`)) : 0;
    return { file: path.join(chartFile, 'Chart.yaml'), line: line || lineOf(chartYaml.text, /^dependencies:/), message: `${message} (run: helm dependency build ${chartFile})` };
  }
  const at = new RegExp(`(?:^|[\\s(])(${prefix}/[^\\s:()]+):(\\d+)(?::(\\d+))?`).exec(text);
  if (at) return { file: inChart(at[1]), line: Number(at[2]), ...(at[3] ? { column: Number(at[3]) } : {}), message };
  const yamlError = new RegExp(`YAML parse error on (${prefix}/\\S+?):`).exec(text);
  if (yamlError) {
    return { file: inChart(yamlError[1]), line: 0, message: `${message} (a line of the rendered template: helm template --debug prints it)` };
  }
  if (/kubeVersion/.test(text)) return { file: path.join(chartFile, 'Chart.yaml'), line: lineOf(chartYaml.text, /^kubeVersion:/), message };
  return { file: chartFile, line: 0, message };
}

function lineOf(text: string, pattern: RegExp): number {
  const i = text.split('\n').findIndex((l) => pattern.test(l));
  return i + 1;
}

/** Parse helm's output, then point each object at its template (`# Source:`) with the line there when it can be known. */
function loadRendered(output: string, command: string, chartDir: string, chartFile: string, chartName: string, values: string): Manifests {
  const documents = renderedDocuments(output);
  const inChart = (source: string) => (source.startsWith(`${chartName}/`) ? path.join(chartFile, source.slice(chartName.length + 1)) : source);
  const docAt = (line: number) => documents.filter((d) => d.line <= line).pop();
  let manifests: Manifests;
  try {
    manifests = parseManifests(output, command);
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    // a problem in the rendered output belongs to the template that produced it
    throw fail(e.problems.map((p) => {
      const doc = p.line ? docAt(p.line) : undefined;
      if (!doc?.source) return p;
      return { ...p, file: inChart(doc.source), line: 0, column: undefined, message: `${p.message} (values: ${values}; line ${p.line} of ${command})` };
    }), renderChart);
  }
  const lines = templateLines(documents, (source) => {
    try {
      return readFileSync(path.join(chartDir, source.slice(chartName.length + 1)), 'utf8');
    } catch {
      return undefined; // a subchart still packed in charts/*.tgz
    }
  });
  for (const object of manifests) {
    const where = origin(object)!;
    const doc = docAt(where.line);
    if (!doc?.source) {
      relocate(object, { ...where, values });
      continue;
    }
    const known = lines.get(doc);
    relocate(object, { file: inChart(doc.source), document: known?.document ?? doc.indexInSource, line: known?.line ?? 0, values });
  }
  return manifests;
}

/** helm's output split at `---` into documents, each with its `# Source:` template and first line. */
export function renderedDocuments(output: string): RenderedDocument[] {
  const out: RenderedDocument[] = [];
  const counts = new Map<string, number>();
  const lines = output.split('\n');
  let current: RenderedDocument | undefined;
  lines.forEach((text, i) => {
    if (i === 0 || /^---(\s|$)/.test(text)) {
      current = { line: i + 1, source: undefined, kind: undefined, indexInSource: 0 };
      out.push(current);
    }
    const source = /^# Source: (.+?)\s*$/.exec(text);
    if (source && current && current.source === undefined) {
      current.source = source[1];
      current.indexInSource = counts.get(source[1]) ?? 0;
      counts.set(source[1], current.indexInSource + 1);
    }
    const kind = /^kind:\s*["']?([A-Za-z0-9]+)["']?\s*$/.exec(text);
    if (kind && current && current.kind === undefined) current.kind = kind[1];
  });
  return out;
}

/** A set of renderCharts: a values file, a list of values (files and objects), or renderChart's options. */
export type ValuesSet = string | ChartValues[] | RenderChartOptions;

/** One collection per values set, as `[name, chart]` pairs for `describe.each`, and by name: `charts.prod`. */
export type ChartMatrix<K extends string> = Array<[K, RenderedChart]> & { readonly [P in K]: RenderedChart };

/**
 * The chart rendered once per values set: `describe.each(renderCharts('charts/web', { prod: 'values-prod.yaml',
 * staging: { values: ['values-staging.yaml'], set: { replicas: 1 } } }))('values %s', (name, chart) => …)`.
 * `common` options apply to every set; a set's own options override them.
 */
export function renderCharts<K extends string>(chart: string, sets: Record<K, ValuesSet>, common: RenderChartOptions = {}): ChartMatrix<K> {
  const entries = Object.entries(sets) as Array<[K, ValuesSet]>;
  if (!entries.length) throw new TypeError('renderCharts: no values sets (give { name: values file | [values…] | options })');
  const out = entries.map(([name, set]): [K, RenderedChart] => {
    const own: RenderChartOptions = typeof set === 'string' || Array.isArray(set) ? { values: set } : set;
    for (const key of Object.keys(own ?? {})) {
      if (!OPTION_NAMES.has(key)) throw new TypeError(`renderCharts: sets.${name}.${key} is not an option of renderChart; give values inline as { values: { ${key}: … } }`);
    }
    return [name, renderChart(chart, { ...common, ...own, name })];
  });
  for (const [name, rendered] of out) Object.defineProperty(out, name, { value: rendered, enumerable: false });
  return out as ChartMatrix<K>;
}
