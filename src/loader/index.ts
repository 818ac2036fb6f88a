// load: files, globs and strings → Kubernetes objects, each with where it came from.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';
import type { KubeObject, Node } from '../types';
import { POD_SPEC_PATHS, setOriginLookup } from '../subject';
import { describeObject } from '../subject';
import { offsetOf, lineAt, parseStream, YamlSyntaxError, type ParsedStream, type RawDocument } from './yaml';
import { formatPath, SHAPES, typeProblems } from './typecheck';

export interface Origin {
  /** The file as given (relative to cwd when it was matched by a pattern), or the source name of a string. */
  file: string;
  /** 0-based index of the YAML document in the file. */
  document: number;
  /** 1-based line where the object starts. */
  line: number;
}

const origins = new WeakMap<object, Origin>();
setOriginLookup((o) => origins.get(o));

/** Where a loaded object came from; undefined for objects the loader did not make. */
export function origin(object: object): Origin | undefined {
  return origins.get(object);
}

/** One problem in the input, with file, line and (for type errors) the field. */
export interface ManifestProblem {
  file: string;
  line: number;
  column?: number;
  field?: string;
  message: string;
}

export class ManifestError extends Error {
  constructor(readonly problems: ManifestProblem[]) {
    super(
      `${problems.length} problem(s) in the manifests:\n` +
        problems
          .slice(0, 50)
          .map((p) => `  ${p.file}:${p.line}${p.column ? `:${p.column}` : ''}: ${p.field ? `${p.field}: ` : ''}${p.message}`)
          .join('\n') +
        (problems.length > 50 ? `\n  … and ${problems.length - 50} more` : ''),
    );
    this.name = 'ManifestError';
  }
}

export interface LoadOptions {
  /** Directory that patterns and files are relative to (default: process.cwd()). */
  cwd?: string;
  /** kind for documents that have none (headerless dumps such as a bare Node JSON). */
  kind?: string;
}

// apiVersion for a defaulted kind
const API_VERSIONS: Record<string, string> = {
  Pod: 'v1', Node: 'v1', PodTemplate: 'v1', ReplicationController: 'v1', Deployment: 'apps/v1', StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1', ReplicaSet: 'apps/v1', Job: 'batch/v1', CronJob: 'batch/v1',
};

const WORKLOAD_KINDS = new Set(Object.keys(POD_SPEC_PATHS));

// kubectl's resource names and short names for `get('deploy/web')`
const ALIASES: Record<string, string> = {
  po: 'Pod', pod: 'Pod', pods: 'Pod', no: 'Node', node: 'Node', nodes: 'Node', deploy: 'Deployment', deployments: 'Deployment',
  ds: 'DaemonSet', daemonsets: 'DaemonSet', sts: 'StatefulSet', statefulsets: 'StatefulSet', rs: 'ReplicaSet', replicasets: 'ReplicaSet',
  rc: 'ReplicationController', replicationcontrollers: 'ReplicationController', jobs: 'Job', cj: 'CronJob', cronjobs: 'CronJob',
  podtemplates: 'PodTemplate', cm: 'ConfigMap', configmaps: 'ConfigMap', svc: 'Service', services: 'Service', ns: 'Namespace',
  namespaces: 'Namespace', sa: 'ServiceAccount', serviceaccounts: 'ServiceAccount', pc: 'PriorityClass', priorityclasses: 'PriorityClass',
  crd: 'CustomResourceDefinition', crds: 'CustomResourceDefinition',
};

const printable = (o: object) =>
  Object.defineProperty(o, 'toString', { value: () => describeObject(o as KubeObject), enumerable: false, configurable: true, writable: true });

/** The loaded objects: iterable, with the views tests need. */
export class Manifests implements Iterable<KubeObject> {
  constructor(private readonly objects: KubeObject[]) {}

  [Symbol.iterator](): Iterator<KubeObject> {
    return this.objects[Symbol.iterator]();
  }

  get length(): number {
    return this.objects.length;
  }

  /** Every object, including kinds the placement engine does not model (CRDs, ConfigMaps, NodePools, …). */
  all(): KubeObject[] {
    return [...this.objects];
  }

  /** Pods and the pod-bearing kinds: Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob, PodTemplate. */
  workloads(): KubeObject[] {
    return this.objects.filter((o) => WORKLOAD_KINDS.has(o.kind ?? ''));
  }

  nodes(): Node[] {
    return this.objects.filter((o) => o.kind === 'Node') as Node[];
  }

  /** `kind/name` with kubectl's case-insensitive kinds and short names (`deploy/web`); `{ namespace }` narrows. */
  get(ref: string, options: { namespace?: string } = {}): KubeObject {
    const slash = ref.indexOf('/');
    if (slash <= 0) throw withCallerStack(new Error(`get("${ref}"): expected kind/name, e.g. "deployment/web"`), this.get);
    const kindText = ref.slice(0, slash).toLowerCase();
    const name = ref.slice(slash + 1);
    const kindMatches = (o: KubeObject) => {
      const k = (o.kind ?? '').toLowerCase();
      return k === kindText || `${k}s` === kindText || ALIASES[kindText]?.toLowerCase() === k;
    };
    const nsMatches = (o: KubeObject) => options.namespace === undefined || (o.metadata?.namespace ?? 'default') === options.namespace;
    const found = this.objects.filter((o) => kindMatches(o) && o.metadata?.name === name && nsMatches(o));
    if (found.length === 1) return found[0];
    const list = (os: KubeObject[]) => os.slice(0, 10).map((o) => `  ${describeObject(o)}`).join('\n');
    if (found.length > 1) {
      throw withCallerStack(new Error(`get("${ref}") matches ${found.length} objects; pass { namespace }:\n${list(found)}`), this.get);
    }
    const near = this.objects.filter((o) => o.metadata?.name === name || (kindMatches(o) && closeTo(o.metadata?.name ?? '', name)));
    throw withCallerStack(
      new Error(`get("${ref}"${options.namespace ? `, { namespace: "${options.namespace}" }` : ''}) matches nothing.${near.length ? ` Near matches:\n${list(near)}` : ` ${this.objects.length} objects loaded.`}`),
      this.get,
    );
  }
}

function closeTo(a: string, b: string): boolean {
  if (a.includes(b) || b.includes(a)) return true;
  // Levenshtein distance ≤ 2
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length] <= 2;
}

function withCallerStack<E extends Error>(error: E, fn: Function): E {
  Error.captureStackTrace?.(error, fn);
  return error;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Turn one file's text into objects, pushing every problem instead of dropping anything. */
/** What one load call accumulates: its options, the objects made and the problems found. */
interface Load {
  options: LoadOptions;
  out: KubeObject[];
  problems: ManifestProblem[];
}

function parseInto(text: string, file: string, load: Load): void {
  const { problems } = load;
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  let stream: ParsedStream;
  try {
    stream = parseStream(text, file);
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    // One JSON object per line is a stream kubectl reads; YAML cannot.
    if (trimmed.startsWith('{') && parseJsonLines(text, file, load)) return;
    problems.push({ file, line: e.line, column: e.column, message: `YAML syntax error: ${e.reason}` });
    return;
  }
  for (const doc of stream.documents) {
    if (doc.value === null || doc.value === undefined) continue; // an empty or comment-only document
    addDocument(doc.value, { file, document: doc.index, line: doc.line }, load, (p) => {
      const offset = offsetOf(stream, doc, p);
      return offset >= 0 ? lineAt(stream.lineStarts, offset) : doc.line;
    });
  }
}

function parseJsonLines(text: string, file: string, load: Load): boolean {
  const lines = text.split('\n');
  const values: Array<[unknown, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try {
      values.push([JSON.parse(lines[i]), i + 1]);
    } catch {
      return false;
    }
  }
  values.forEach(([value, line], document) => addDocument(value, { file, document, line }, load, () => line));
  return true;
}

function addDocument(value: unknown, where: Origin, load: Load, lineOf: (path: Array<string | number>) => number): void {
  const kind = isObject(value) ? value.kind : undefined;
  if (isObject(value) && typeof kind === 'string' && kind.endsWith('List') && Array.isArray(value.items)) {
    // kubectl and raw API dumps: flatten; items without kind/apiVersion take them from the list
    const itemKind = kind === 'List' ? undefined : kind.slice(0, -'List'.length);
    value.items.forEach((item, i) => {
      const itemPath = ['items', i];
      if (isObject(item) && itemKind) {
        if (item.kind === undefined) item.kind = itemKind;
        if (item.apiVersion === undefined && typeof value.apiVersion === 'string') item.apiVersion = value.apiVersion;
      }
      addObject(item, { ...where, line: lineOf(itemPath) }, load, (p) => lineOf([...itemPath, ...p]), itemPath);
    });
    return;
  }
  addObject(value, where, load, lineOf, []);
}

function addObject(
  value: unknown,
  where: Origin,
  { options, out, problems }: Load,
  lineOf: (path: Array<string | number>) => number,
  prefix: Array<string | number>,
): void {
  const at = (field?: string) => (field ? `${formatPath(prefix)}${prefix.length ? '.' : ''}${field}` : formatPath(prefix) || undefined);
  if (!isObject(value)) {
    problems.push({ file: where.file, line: where.line, field: at(), message: `expected a Kubernetes object (a mapping), got ${Array.isArray(value) ? 'a list' : JSON.stringify(value)}` });
    return;
  }
  if (value.kind === undefined && options.kind) value.kind = options.kind;
  if (value.apiVersion === undefined && typeof value.kind === 'string' && value.kind === options.kind && API_VERSIONS[value.kind]) {
    value.apiVersion = API_VERSIONS[value.kind];
  }
  const missing = ['apiVersion', 'kind'].filter((k) => typeof value[k] !== 'string' || value[k] === '');
  if (missing.length) {
    problems.push({
      file: where.file, line: where.line, field: at(),
      message: `the object has no ${missing.join(' or ')}${isObject(value.metadata) && value.metadata.name ? ` (metadata.name ${JSON.stringify(value.metadata.name)})` : ''}; give loadManifests/parseManifests the option { kind } for headerless dumps`,
    });
    return;
  }
  const shape = SHAPES[value.kind as string];
  if (shape) {
    const wrong = typeProblems(value, shape);
    if (wrong.length) {
      for (const w of wrong) problems.push({ file: where.file, line: lineOf(w.path), field: at(formatPath(w.path)), message: w.message });
      return;
    }
  }
  origins.set(value, where);
  printable(value);
  out.push(value as KubeObject);
}

/** Parse manifests held in a string, e.g. the output of `helm template` or `kustomize build`. */
export function parseManifests(text: string, sourceName = '<string>', options: LoadOptions = {}): Manifests {
  const load: Load = { options, out: [], problems: [] };
  parseInto(text, sourceName, load);
  if (load.problems.length) throw withCallerStack(new ManifestError(load.problems), parseManifests);
  return new Manifests(load.out);
}

/**
 * Load manifests synchronously (Jest collects tests synchronously) from glob patterns, files of any
 * extension, directories (every file below them), or an array of those, relative to `options.cwd`.
 */
export function loadManifests(patterns: string | string[], options: LoadOptions = {}): Manifests {
  const cwd = options.cwd ?? process.cwd();
  const files: string[] = [];
  const problems: ManifestProblem[] = [];
  for (const pattern of Array.isArray(patterns) ? patterns : [patterns]) {
    const full = path.resolve(cwd, pattern);
    let matched: string[];
    let isDir = false;
    try {
      isDir = statSync(full).isDirectory();
    } catch {
      // not a plain path: a glob pattern
    }
    if (isDir) matched = globSync('**/*', { cwd: full, nodir: true, dot: false }).sort().map((f) => path.join(path.relative(cwd, full) || '.', f));
    else if (/[*?[\]{}]/.test(pattern)) matched = globSync(pattern, { cwd, nodir: true }).sort();
    else matched = [path.relative(cwd, full)];
    if (matched.length === 0) problems.push({ file: pattern, line: 0, message: 'no file matches this pattern' });
    for (const f of matched) if (!files.includes(f)) files.push(f);
  }
  const load: Load = { options, out: [], problems };
  for (const file of files) {
    let text: string;
    try {
      const buffer = readFileSync(path.resolve(cwd, file));
      text = decode(buffer);
    } catch (e) {
      problems.push({ file, line: 0, message: `cannot read: ${(e as Error).message}` });
      continue;
    }
    parseInto(text, file, load);
  }
  if (problems.length) throw withCallerStack(new ManifestError(problems), loadManifests);
  return new Manifests(load.out);
}

/** UTF-8, or UTF-16 with a byte-order mark (which Kubernetes transcodes). */
function decode(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return buffer.subarray(2).toString('utf16le');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) {
    const swapped = Buffer.from(buffer.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return buffer.toString('utf8');
}
