// load: files, globs and strings → Kubernetes objects, each with where it came from.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as Glob from 'glob';
import type { KubeObject, Node } from '../core/types';
import { describeObject, POD_SPEC_PATHS, setFieldLineLookup, setOriginLookup } from '../k8s/subject';
import type * as Yaml from './yaml';
import type { LineStarts, ParsedStream } from './yaml';
import { formatPath, HELM_HINT, NODE_POOL_SHAPE, parsePath, SHAPES, typeProblems, type Shape } from './typecheck';
import { KIND_NAMES, type NodePool, type ObjectFor, type Workload } from './kinds';
import { unservedKind } from './api-groups';
import { editDistance } from '../k8s/edit-distance';
import type * as DiskCache from './disk-cache';

export type { CronJob, DaemonSet, Deployment, Job, KindNames, NodePool, NodePoolRequirement, ObjectFor, PodTemplate, ReplicaSet, ReplicationController, StatefulSet, Workload } from './kinds';

export interface Origin {
  /** The file as given (relative to cwd when it was matched by a pattern), or the source name of a string. */
  file: string;
  /** 0-based index of the YAML document in the file. */
  document: number;
  /** 1-based line where the object starts; 0 when it cannot be known (a rendered template's object). */
  line: number;
  /** renderChart: the values set the object was rendered with (`prod`), named in messages. */
  values?: string;
  /** renderKustomization: the kustomization directory that was built (`overlays/prod`), named in messages. */
  overlay?: string;
}

/** The text an object was read from, kept so the line of any field can be found later (parsed again on demand). */
interface SourceText {
  text: string;
  file: string;
  /** Lines before `text` in the file (a line of a JSON-lines file). */
  lineOffset: number;
}
interface Location {
  origin: Origin;
  source?: SourceText;
  /** Index of the document in `source`, and the path of the object inside it (`items[3]` of a List). */
  document: number;
  prefix: Array<string | number>;
}

// glob (with its own dependencies) and the disk cache are required by loadManifests when it first runs: parsing a
// string (parseManifests) loads only js-yaml and the checks (issue 23).
const globModule = (): typeof Glob => require('glob');
const diskCache = (): typeof DiskCache => require('./disk-cache');
// js-yaml and the parser over it are required when a text is first parsed: objects read back from the disk cache need
// neither (a spec file whose manifests come from the cache does not load js-yaml: Jest compiles every module a test
// file loads, again for each test file).
let yamlParser: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (yamlParser ??= require('./yaml'));

const locations = new WeakMap<object, Location>();
setOriginLookup((o) => locations.get(o)?.origin);
setFieldLineLookup(fieldLine);

/** Where a loaded object came from; undefined for objects the loader did not make. */
export function origin(object: object): Origin | undefined {
  return locations.get(object)?.origin;
}

/**
 * Point a loaded object at where it was written rather than where it was parsed (renderChart: the chart's template
 * file instead of the helm output). Field lines are then the object's own line: a field's line in the rendered text
 * is not a line of the template.
 */
export function relocate(object: object, where: Origin): void {
  locations.set(object, { origin: where, document: where.document, prefix: [] });
}

// The few most recently parsed sources (lookups come in bursts for one object's errors).
const reparsed: Array<{ source: SourceText; events: ReturnType<typeof Yaml.parseEvents>; documents: number[]; lineStarts: LineStarts }> = [];

/**
 * The 1-based line of a field (`spec.template.spec.tolerations[0].value`) of a loaded object in its file:
 * the line of its key, or of its deepest ancestor present in the file; undefined for objects not loaded.
 */
export function fieldLine(object: object, field: string): number | undefined {
  const where = locations.get(object);
  if (!where?.source) return where?.origin.line;
  const { parseEvents, lineStartsOf, offsetOf, lineAt } = yaml();
  let parsed = reparsed.find((r) => r.source === where.source);
  if (!parsed) {
    try {
      const events = parseEvents(where.source.text, where.source.file);
      const documents = events.flatMap((e, i) => (e.type === 1 ? [i] : []));
      parsed = { source: where.source, events, documents, lineStarts: lineStartsOf(where.source.text) };
    } catch {
      return where.origin.line;
    }
    reparsed.unshift(parsed);
    reparsed.length = Math.min(reparsed.length, 3);
  }
  const documentEvent = parsed.documents[where.document];
  if (documentEvent === undefined) return where.origin.line;
  const offset = offsetOf({ events: parsed.events, text: where.source.text }, documentEvent, [...where.prefix, ...parsePath(field)]);
  return offset >= 0 ? lineAt(parsed.lineStarts, offset) + where.source.lineOffset : where.origin.line;
}

/** One problem in the input, with file, line (0 when the problem is the whole file or pattern) and field. */
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
          // a message that already starts with its file (`charts/web: not found`) is not prefixed with it again
          .map((p) => (!p.line && (p.message.startsWith(`${p.file} `) || p.message.startsWith(`${p.file}: `)) ? `  ${p.message}` : `  ${p.file}${p.line ? `:${p.line}` : ''}${p.column ? `:${p.column}` : ''}: ${p.field ? `${p.field}: ` : ''}${p.message}`))
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
  /** Glob patterns (relative to cwd) of files to leave out, like a `!pattern` in the list of patterns. */
  ignore?: string | string[];
  /**
   * loadManifests: follow symlinks that lead out of the directory a glob or a folder starts from (default false: such
   * a file is an error naming where it leads, so that a symlink in a repository cannot feed a test, or its failure
   * message, a file from elsewhere on the machine). A file named as it is is always read.
   */
  followSymlinks?: boolean;
  /**
   * loadManifests: reuse what an earlier load (another spec file, an earlier run) parsed from the same file bytes,
   * kept on disk (default true; see disk-cache.ts for where). `false` parses every file.
   */
  cache?: boolean;
}

// apiVersion for a defaulted kind
const API_VERSIONS: Record<string, string> = {
  Pod: 'v1', Node: 'v1', PodTemplate: 'v1', ReplicationController: 'v1', Deployment: 'apps/v1', StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1', ReplicaSet: 'apps/v1', Job: 'batch/v1', CronJob: 'batch/v1',
};

const WORKLOAD_KINDS = new Set(Object.keys(POD_SPEC_PATHS));

const isSchedulerConfiguration = (o: KubeObject) => o.kind === 'KubeSchedulerConfiguration' && (o.apiVersion ?? '').startsWith('kubescheduler.config.k8s.io/');
const isNodePool = (o: KubeObject) => o.kind === 'NodePool' && (o.apiVersion ?? '').startsWith('karpenter.sh/');

const printable = (o: object) =>
  Object.defineProperty(o, 'toString', { value: () => describeObject(o as KubeObject), enumerable: false, configurable: true, writable: true });

/** What `get<T>(ref)` returns: T when given, else the type of the kind in `ref`; an annotated variable does not pick T. */
type Get<T, Ref extends string> = [Deferred<T>] extends [never] ? ObjectFor<Ref> : Deferred<T>;
// TypeScript's NoInfer (5.4+) spelled so that older compilers of the package's users read it too
type Deferred<T> = [T][T extends unknown ? 0 : never];

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

  /**
   * Pods and the pod-bearing kinds: Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob,
   * PodTemplate. Possibly empty: a collection of only nodes or CRDs is normal, and `test.each([])` fails by itself.
   */
  workloads(): Workload[] {
    // a `kind: Deployment` of another group (a CRD's) is not an apps/v1 Deployment
    return this.objects.filter((o) => WORKLOAD_KINDS.has(o.kind ?? '') && API_VERSIONS[o.kind!] === o.apiVersion) as Workload[];
  }

  /** The Node objects; throws when there is none, since placement against no nodes proves nothing. */
  nodes(): Node[] {
    const nodes = this.objects.filter((o) => o.kind === 'Node') as Node[];
    if (!nodes.length) {
      const hint = this.objects.some(isNodePool) ? '; Karpenter NodePools are read with nodePools()' : '';
      throw withCallerStack(new Error(`no Node objects among ${this.found()}${hint}`), this.nodes);
    }
    return nodes;
  }

  /** Karpenter NodePools (`apiVersion: karpenter.sh/*`); throws when there is none. */
  nodePools(): NodePool[] {
    const pools = this.objects.filter(isNodePool) as NodePool[];
    if (!pools.length) throw withCallerStack(new Error(`no NodePool (karpenter.sh) objects among ${this.found()}`), this.nodePools);
    return pools;
  }

  /**
   * The KubeSchedulerConfiguration document (kubescheduler.config.k8s.io/v1, kube-scheduler's --config file), for
   * configure({ schedulerConfiguration }) or a matcher's `schedulerConfiguration` option; throws when there is none, or
   * more than one (kube-scheduler reads one), naming where each is.
   */
  schedulerConfiguration(): KubeObject {
    const found = this.objects.filter(isSchedulerConfiguration);
    if (found.length === 1) return found[0];
    const where = found.map((o) => describeObject(o)).join(', ');
    const message = found.length ? `${found.length} KubeSchedulerConfiguration documents (${where}): kube-scheduler reads one` : `no KubeSchedulerConfiguration (kubescheduler.config.k8s.io) among ${this.found()}`;
    throw withCallerStack(new Error(message), this.schedulerConfiguration);
  }

  /** `4 loaded objects (found NodePool ×2, EC2NodeClass ×2)` */
  private found(): string {
    const counts = new Map<string, number>();
    for (const o of this.objects) counts.set(o.kind ?? '?', (counts.get(o.kind ?? '?') ?? 0) + 1);
    const kinds = [...counts].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', ');
    return `${this.objects.length} loaded object${this.objects.length === 1 ? '' : 's'}${kinds ? ` (found ${kinds})` : ''}`;
  }

  /**
   * `kind/name` with kubectl's case-insensitive kinds and short names (`deploy/web`); `{ namespace }` narrows.
   * Typed from the kind where it is known (`get('deploy/web')` is a Deployment), or as given: `get<Deployment>(ref)`.
   */
  get<T extends KubeObject = never, Ref extends string = string>(ref: Ref, options: { namespace?: string } = {}): Get<T, Ref> {
    type Result = Get<T, Ref>;
    const slash = ref.indexOf('/');
    if (slash <= 0) throw withCallerStack(new Error(`get("${ref}"): expected kind/name, e.g. "deployment/web"`), this.get);
    const kindText = ref.slice(0, slash).toLowerCase();
    const name = ref.slice(slash + 1);
    const kindMatches = (o: KubeObject) => {
      const k = (o.kind ?? '').toLowerCase();
      return k === kindText || `${k}s` === kindText || KIND_NAMES[kindText]?.toLowerCase() === k;
    };
    const nsMatches = (o: KubeObject) => options.namespace === undefined || (o.metadata?.namespace ?? 'default') === options.namespace;
    const found = this.objects.filter((o) => kindMatches(o) && o.metadata?.name === name && nsMatches(o));
    if (found.length === 1) return found[0] as Result;
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
  return a.includes(b) || b.includes(a) || editDistance(a, b) <= 2;
}

function withCallerStack<E extends Error>(error: E, fn: Function): E {
  Error.captureStackTrace?.(error, fn);
  return error;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** What one load call accumulates: its options, the objects made and the problems found. */
interface Load {
  options: LoadOptions;
  out: KubeObject[];
  problems: ManifestProblem[];
}

/** How a document's fields are found in its source: lines, and scalar text for exact integers. */
interface DocumentSource {
  lineOf: (path: Array<string | number>) => number;
  /** The line of a List's item `i` (lineOf(['items', i]), the items found in one walk). */
  itemLine?: (i: number) => number;
  sourceOf?: (path: Array<string | number>) => string | undefined;
  location: Omit<Location, 'origin' | 'prefix'>;
}

/** Turn one file's text into objects, pushing every problem instead of dropping anything. */
function parseInto(input: string, file: string, load: Load): void {
  const { problems } = load;
  const { parseStream, HelmTemplateError, YamlSyntaxError, lineAt, offsetOf, itemOffsets, scalarSource } = yaml();
  const trimmed = input.replace(/^\uFEFF/, '').trimStart();
  let stream: ParsedStream;
  try {
    stream = parseStream(input, file);
  } catch (e) {
    if (e instanceof HelmTemplateError) {
      for (const line of e.lines) problems.push({ file, line, message: `${HELM_HINT}${e.detail ? ` (${e.detail})` : ''}` });
      return;
    }
    if (!(e instanceof YamlSyntaxError)) throw e;
    // One JSON object per line is a stream kubectl reads; YAML cannot.
    if (trimmed.startsWith('{') && parseJsonLines(input, file, load)) return;
    problems.push({ file, line: e.line, column: e.column, message: `YAML syntax error: ${e.reason}` });
    return;
  }
  const source: SourceText = { text: stream.text, file, lineOffset: 0 };
  for (const doc of stream.documents) {
    const duplicates = stream.duplicates.filter((d) => d.document === doc.index);
    for (const d of duplicates) {
      problems.push({ file, line: d.line, field: formatPath(d.path), message: `mapping key ${JSON.stringify(d.key)} already defined at line ${d.firstLine}` });
    }
    if (duplicates.length) continue; // the document is refused; the others still load
    const aliasing = stream.aliasing.find((a) => a.document === doc.index);
    if (aliasing) {
      problems.push({ file, line: aliasing.line, message: aliasing.message });
      continue;
    }
    if (doc.value === null || doc.value === undefined) continue; // an empty or comment-only document
    if (unrepresentable(stream, doc, file, problems)) continue;
    const lineAtOffset = (offset: number) => (offset >= 0 ? lineAt(stream.lineStarts, offset) : doc.line);
    let items: number[] | null | undefined;
    addDocument(doc.value, { file, document: doc.index, get line() { return doc.line; } }, load, {
      lineOf: (p) => lineAtOffset(offsetOf(stream, doc.eventIndex, p)),
      itemLine: (i) => {
        if (items === undefined) items = itemOffsets(stream, doc.eventIndex, ['items']) ?? null;
        return lineAtOffset(items?.[i] ?? offsetOf(stream, doc.eventIndex, ['items', i]));
      },
      sourceOf: (p) => scalarSource(stream, doc.eventIndex, p),
      location: { source, document: doc.index },
    });
  }
}

/**
 * What sigs.k8s.io/yaml cannot turn into JSON, so kubectl refuses the document: numbers JSON has no form for
 * (`.inf`, `.nan`: "json: unsupported value") and null mapping keys (`~:`: "unsupported map key"). Pushes the problems.
 */
function unrepresentable(stream: ParsedStream, doc: ParsedStream['documents'][number], file: string, problems: ManifestProblem[]): boolean {
  const { mayBeUnrepresentable, offsetOf, lineAt, nonFiniteNumbers, hasNullLikeKey, findNullKeys } = yaml();
  if (!stream.mayBeUnrepresentable || !mayBeUnrepresentable(doc.value)) return false;
  const before = problems.length;
  const lineOf = (p: Array<string | number>) => {
    const offset = offsetOf(stream, doc.eventIndex, p);
    return offset >= 0 ? lineAt(stream.lineStarts, offset) : doc.line;
  };
  for (const p of nonFiniteNumbers(doc.value)) {
    problems.push({ file, line: lineOf(p), field: formatPath(p), message: 'a number JSON cannot hold (.inf or .nan): kubectl refuses the document (json: unsupported value); quote it for a string' });
  }
  if (hasNullLikeKey(doc.value)) {
    for (const k of findNullKeys(stream).filter((n) => n.document === doc.index)) {
      problems.push({ file, line: k.line, message: 'a null mapping key (~, null or empty): kubectl refuses the document (unsupported map key); quote it for a string' });
    }
  }
  return problems.length > before;
}

/** Whether a line of JSON nests deeper than the YAML parser lets a document nest (counted before JSON.parse builds it). */
function jsonTooDeep(line: string): boolean {
  const { MAX_DEPTH } = yaml();
  if (line.length <= 2 * MAX_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function parseJsonLines(text: string, file: string, load: Load): boolean {
  const { stripByteOrderMarks, MAX_DEPTH } = yaml();
  const lines = stripByteOrderMarks(text).split('\n');
  const values: Array<[unknown, number]> = [];
  const deep: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try {
      if (jsonTooDeep(lines[i])) deep.push(i + 1);
      else values.push([JSON.parse(lines[i]), i + 1]);
    } catch {
      return false;
    }
  }
  // what YAML refuses past this depth is refused in JSON too: the checks, the cache and the engine walk what loads
  for (const line of deep) load.problems.push({ file, line, message: `JSON nesting exceeded maxDepth (${MAX_DEPTH})` });
  values.forEach(([value, line], document) =>
    addDocument(value, { file, document, line }, load, {
      lineOf: () => line,
      location: { source: { text: lines[line - 1], file, lineOffset: line - 1 }, document: 0 },
    }),
  );
  return true;
}

function addDocument(value: unknown, where: Origin, load: Load, source: DocumentSource): void {
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
      addObject(item, { ...where, line: source.itemLine ? source.itemLine(i) : source.lineOf(itemPath) }, load, source, itemPath);
    });
    return;
  }
  addObject(value, where, load, source, []);
}

function addObject(value: unknown, where: Origin, { options, out, problems }: Load, source: DocumentSource, prefix: Array<string | number>): void {
  const at = (field?: string) => (field ? `${formatPath(prefix)}${prefix.length ? '.' : ''}${field}` : formatPath(prefix) || undefined);
  const lineOf = (p: Array<string | number>) => source.lineOf([...prefix, ...p]);
  if (!isObject(value)) {
    problems.push({ file: where.file, line: where.line, field: at(), message: `expected a Kubernetes object (a mapping), got ${Array.isArray(value) ? 'a list' : JSON.stringify(value)}` });
    return;
  }
  if (value.kind === undefined && options.kind) value.kind = options.kind;
  if (value.apiVersion === undefined && typeof value.kind === 'string' && value.kind === options.kind && API_VERSIONS[value.kind]) {
    value.apiVersion = API_VERSIONS[value.kind];
  }
  // kind and apiVersion of another type than string: the decoder refuses the object (at the field's line)
  // (and a template marker in them, `kind: "{{ .Values.kind }}"`, is an unrendered chart)
  const wrongType = ['apiVersion', 'kind'].filter((k) => value[k] !== undefined && value[k] !== null && (typeof value[k] !== 'string' || (value[k] as string).includes('{{')));
  for (const k of wrongType) problems.push({ file: where.file, line: lineOf([k]), field: at(k), message: typeProblems(value[k], 'string')[0].message });
  if (wrongType.length) return;
  const missing = ['apiVersion', 'kind'].filter((k) => typeof value[k] !== 'string' || value[k] === '');
  if (missing.length) {
    problems.push({
      file: where.file, line: where.line, field: at(),
      message: `the object has no ${missing.join(' or ')}${isObject(value.metadata) && value.metadata.name ? ` (metadata.name ${JSON.stringify(value.metadata.name)})` : ''}; give loadManifests/parseManifests the option { kind } for headerless dumps`,
    });
    return;
  }
  // kubectl apply maps apiVersion and kind through discovery first: a kind no built-in group serves is refused
  const unserved = unservedKind(value.apiVersion as string, value.kind as string);
  if (unserved) {
    problems.push({ file: where.file, line: lineOf(['kind']), field: at('kind'), message: unserved });
    return;
  }
  const shape: Shape | undefined = SHAPES[value.kind as string] ?? (isNodePool(value as KubeObject) ? NODE_POOL_SHAPE : undefined);
  if (shape) {
    const sourceOf = source.sourceOf;
    const wrong = typeProblems(value, shape, [], [], { sourceOf: sourceOf && ((p) => sourceOf([...prefix, ...p])), zeroNulls: true });
    if (wrong.length) {
      for (const w of wrong) problems.push({ file: where.file, line: lineOf(w.path), field: at(formatPath(w.path)), message: w.message });
      return;
    }
  }
  locations.set(value, { origin: where, ...source.location, prefix });
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
 * `!pattern` entries and `options.ignore` leave files out. A Helm chart (a directory with Chart.yaml) is
 * refused: it must be rendered with `helm template` first.
 */
export function loadManifests(patterns: string | string[], options: LoadOptions = {}): Manifests {
  const cwd = options.cwd ?? process.cwd();
  const list = Array.isArray(patterns) ? patterns : [patterns];
  if (list.length === 0 || list.some((p: unknown) => typeof p !== 'string' || p === '')) {
    throw withCallerStack(new TypeError(`loadManifests: expected file names, globs or directories (a string or an array of strings), received ${JSON.stringify(patterns)}`), loadManifests);
  }
  const given = [...list.filter((p) => p.startsWith('!')).map((p) => p.slice(1)), ...[options.ignore ?? []].flat()];
  // glob matches a relative ignore pattern against the path relative to cwd, where `**` never crosses `..`: a
  // `**/x` pattern ("anywhere") also goes in absolute form, so it leaves out files of directories outside cwd too.
  const ignore = [...given, ...given.filter((p) => p.startsWith('**/')).map((p) => `/${p}`)];
  const files: string[] = [];
  const problems: ManifestProblem[] = [];
  const charts = new Map<string, string>(); // chart directory → the pattern that reached it
  for (const pattern of list.filter((p) => !p.startsWith('!'))) {
    const full = path.resolve(cwd, pattern);
    let isDir = false;
    let isFile = false;
    try {
      const stats = statSync(full);
      isDir = stats.isDirectory();
      isFile = stats.isFile();
    } catch {
      // not a plain path: a glob pattern
    }
    const relative = path.relative(cwd, full) || '.';
    const named = !isDir && !/[*?[\]{}]/.test(pattern);
    const run = (withIgnore: boolean) => {
      const { escape, globSync } = globModule();
      const glob = isDir ? `${escape(relative)}/**/*` : named ? escape(relative) : pattern;
      return globSync(glob, { cwd, nodir: true, follow: options.followSymlinks === true, ignore: withIgnore ? ignore : undefined }).sort();
    };
    // a file named as it is, with nothing to leave out, is that file: glob is not loaded for it (a module of 100 KB
    // that Jest compiles again in every spec file)
    const matched = named && isFile && ignore.length === 0 ? [relative] : run(true);
    if (matched.length === 0) {
      const ignored = ignore.length ? run(false).length : 0;
      problems.push({ file: pattern, line: 0, message: ignored ? `every file this pattern matches (${ignored}) is ignored` : 'no file matches this pattern' });
    }
    // a file named as it is is read wherever it points; a glob or a folder stays in the directory it starts from
    const base = options.followSymlinks || named ? undefined : isDir ? full : patternBase(pattern, cwd);
    for (const f of matched) {
      const outside = base === undefined ? undefined : outsideOf(base, path.resolve(cwd, f));
      if (outside) {
        problems.push({ file: f, line: 0, message: `reached through a symlink: it is ${outside}, outside ${path.relative(cwd, base!) || '.'}; not followed (loadManifests' option followSymlinks: true follows symlinks)` });
        continue;
      }
      const found = chartOf(f, cwd);
      const chart = found === '.' ? path.resolve(cwd) : found;
      if (chart !== undefined) {
        if (!charts.has(chart)) charts.set(chart, pattern);
      } else if (!files.includes(f)) files.push(f);
    }
  }
  for (const [chart] of charts) {
    const name = path.basename(path.resolve(cwd, chart));
    problems.push({
      file: chart, line: 0,
      message: `${chart} is a Helm chart (Chart.yaml): render it with renderChart('${chart}', { release: '${name}' }), or leave it out with '!${chart}/**'`,
    });
  }
  const load: Load = { options, out: [], problems };
  const cannotRead = (file: string, e: unknown) => problems.push({ file, line: 0, message: `cannot read: ${(e as Error).message}` });
  for (const file of files) {
    let buffer: Buffer | undefined;
    try {
      buffer = readFileSync(path.resolve(cwd, file));
    } catch (e) {
      cannotRead(file, e);
      continue;
    }
    // a file found in the disk cache is only decoded if a field's line is asked for: an entry exists only for bytes
    // that decoded before
    const key = options.cache === false ? undefined : diskCache().entryKey(buffer, file, options.kind);
    if (key !== undefined && fromCache(key, buffer, file, load)) continue;
    let text: string;
    try {
      text = decode(buffer);
    } catch (e) {
      cannotRead(file, e);
      continue;
    }
    buffer = undefined; // the text is what parsing reads: a 100 MB file's bytes are not kept through it
    if (key === undefined) parseInto(text, file, load);
    else parseAndStore(key, text, file, load);
  }
  if (problems.length) throw withCallerStack(new ManifestError(problems), loadManifests);
  return new Manifests(load.out);
}

/**
 * The disk cache's entry for these bytes (and name, and `kind`), when there is one: the objects, their locations and
 * the file's problems as parsing gave them. The objects' source text is decoded from the bytes when first read.
 */
function fromCache(key: string, bytes: Buffer, file: string, load: Load): boolean {
  const hit = diskCache().readEntry(key);
  if (!hit) return false;
  let decoded: string | undefined;
  const source: SourceText = {
    file, lineOffset: 0,
    get text() {
      return (decoded ??= yaml().stripByteOrderMarks(decode(bytes)));
    },
  };
  let lines: string[] | undefined;
  hit.objects.forEach((value, i) => {
    const l = hit.locations[i];
    // a JSON-lines object's source text is its own line (parseJsonLines)
    const own = l.jsonLine === undefined ? source : { text: (lines ??= source.text.split('\n'))[l.jsonLine], file, lineOffset: l.jsonLine };
    locations.set(value as object, { origin: { file, document: l.document, line: l.line }, source: own, document: l.sourceDocument, prefix: l.prefix });
    printable(value as object);
    load.out.push(value as KubeObject);
  });
  for (const p of hit.problems) load.problems.push(p);
  return true;
}

/** parseInto, the result then stored in the disk cache under `key`. */
function parseAndStore(key: string, text: string, file: string, load: Load): void {
  const firstObject = load.out.length;
  const firstProblem = load.problems.length;
  parseInto(text, file, load);
  const objects = load.out.slice(firstObject);
  const stripped = yaml().stripByteOrderMarks(text);
  diskCache().writeEntry(key, {
    objects,
    locations: objects.map((o) => {
      const l = locations.get(o)!;
      const jsonLine = l.source && l.source.text !== stripped ? l.source.lineOffset : undefined;
      return { document: l.origin.document, line: l.origin.line, sourceDocument: l.document, prefix: l.prefix, ...(jsonLine === undefined ? {} : { jsonLine }) };
    }),
    problems: load.problems.slice(firstProblem),
  });
}

/** The directory a glob pattern starts from: its path up to the first segment with a glob character. */
function patternBase(pattern: string, cwd: string): string {
  const fixed: string[] = [];
  for (const part of pattern.split('/').slice(0, -1)) {
    if (/[*?[\]{}()]/.test(part)) break;
    fixed.push(part);
  }
  return path.resolve(cwd, fixed.join('/') || '.');
}

/** Where `file` really is, when that is outside `base` (a symlink on the way leads out); undefined when inside. */
function outsideOf(base: string, file: string): string | undefined {
  try {
    const root = realpathSync.native(base);
    const real = realpathSync.native(file);
    return real === root || real.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`) ? undefined : real;
  } catch {
    return undefined; // a dangling symlink: reading it says so
  }
}

// directory → whether it holds a Chart.yaml, for one process (charts do not appear while tests run)
const chartDirectories = new Map<string, boolean>();

/** The chart directory (relative, as the file is) a file belongs to: the nearest directory with Chart.yaml within cwd. */
function chartOf(file: string, cwd: string): string | undefined {
  const parts = path.normalize(file).split(path.sep);
  const first = parts.findIndex((p) => p !== '..'); // never look above cwd or what the pattern names
  for (let i = parts.length - 1; i >= (first === 0 ? 0 : first + 1); i--) {
    const dir = parts.slice(0, i).join(path.sep) || '.';
    const full = path.resolve(cwd, dir);
    let isChart = chartDirectories.get(full);
    if (isChart === undefined) {
      try {
        // no exception (and its stack) for the usual answer, no such file
        isChart = statSync(path.join(full, 'Chart.yaml'), { throwIfNoEntry: false })?.isFile() ?? false;
      } catch {
        isChart = false;
      }
      chartDirectories.set(full, isChart);
    }
    if (isChart) return dir;
  }
  return undefined;
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
