// YAML as Kubernetes reads it (sigs.k8s.io/yaml over go-yaml v2): YAML 1.1 booleans (yes/no/on/off/y/n)
// and ints (0644 is octal), merge keys, unknown tags ignored; documents and fields located by line.
// Duplicate keys are refused with both lines, as kustomize and `kubeconform -strict` do (go-yaml v3:
// `mapping key "x" already defined at line N`), although `kubectl apply -f` keeps the last one silently.
import * as yaml from 'js-yaml';

// Read once: through the CommonJS namespace object every `yaml.X` is a getter call, and some loops run per event
// or per scalar.
const { EVENT_ID, COLLECTION_STYLE, NOT_RESOLVED, floatCoreTag, intYaml11Tag } = yaml;
const jsYamlMapTag = yaml.mapTag;

const SHORT_DECIMAL = /^[-+]?[1-9][0-9]{0,14}$|^0$/;

/**
 * A plain integer as go-yaml v2 resolves it (resolve.go): underscores dropped, then strconv.ParseInt / ParseUint with
 * base 0 (`0x`/`0X` hex, `0o`/`0O` and a leading `0` octal, `0b`/`0B` binary, a sign allowed); anything else is left
 * to the float and string types. No sexagesimal integers: "1:20" stays a string.
 */
export function goYamlInt(source: string): number | undefined {
  // the common case, a short decimal, is its own value (at most 15 digits: within int64 and exact in a double)
  if (SHORT_DECIMAL.test(source)) return Number(source);
  const m = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(source.replace(/_/g, ''));
  if (!m) return undefined;
  const digits = m[2];
  const body = /^0[0-7]+$/.test(digits) ? `0o${digits.slice(1)}` : digits.replace(/^0([XOB])/, (_, c: string) => `0${c.toLowerCase()}`);
  const n = BigInt(body) * (m[1] === '-' ? -1n : 1n);
  // int64, then uint64 (ParseUint refuses a sign); beyond both, ParseFloat reads the decimal forms
  if (n < -(2n ** 63n) || n >= 2n ** 64n || (n >= 2n ** 63n && m[1] !== '')) return undefined;
  return Number(n);
}

// Set while constructing when a scalar became a number JSON cannot hold or a mapping got a key that may have been a
// null key ("null" or ""): only then are the documents walked for them (the walk cost a twentieth of the parse).
let unrepresentableSeen = false;
const noteNumber = (value: unknown): unknown => {
  if (typeof value === 'number' && !Number.isFinite(value)) unrepresentableSeen = true;
  return value;
};

const intTag = yaml.defineScalarTag('tag:yaml.org,2002:int', {
  implicit: true,
  implicitFirstChars: ['-', '+', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  resolve: (source, isExplicit, tagName) => {
    if (isExplicit) return noteNumber(intYaml11Tag.resolve(source, isExplicit, tagName));
    const n = goYamlInt(source);
    return n === undefined ? NOT_RESOLVED : n;
  },
  identify: intYaml11Tag.identify,
  represent: intYaml11Tag.represent,
});

const floatTag = yaml.defineScalarTag('tag:yaml.org,2002:float', {
  ...floatCoreTag,
  resolve: (source, isExplicit, tagName) => noteNumber(floatCoreTag.resolve(source, isExplicit, tagName)),
});

// YAML 1.1 booleans as js-yaml's boolYaml11Tag reads them, with one lookup instead of its two searches of an array:
// every plain scalar starting with y, n, t, f or o (most keys: name, type, namespace) is tried as a boolean first.
const BOOLEANS = new Map<string, boolean>([
  ...['true', 'True', 'TRUE', 'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'].map((s) => [s, true] as const),
  ...['false', 'False', 'FALSE', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'].map((s) => [s, false] as const),
]);
const boolTag = yaml.defineScalarTag('tag:yaml.org,2002:bool', {
  ...yaml.boolYaml11Tag,
  resolve: (source) => (source.length > 5 ? NOT_RESOLVED : BOOLEANS.get(source) ?? NOT_RESOLVED),
});

// Every mapping's pairs go through addPair (merged ones too). It is js-yaml's mapTag.addPair with the null-like key
// noted: written out rather than wrapped, since a call more per pair costs the first (unoptimised) parse most.
const mapTag = yaml.defineMappingTag('tag:yaml.org,2002:map', {
  ...jsYamlMapTag,
  addPair: (container, key, value) => {
    if (key !== null && typeof key === 'object') return 'object-based map does not support complex keys';
    const name = String(key);
    if (name === 'null' || name === '') unrepresentableSeen = true;
    if (name === '__proto__') Object.defineProperty(container, name, { value, enumerable: true, configurable: true, writable: true });
    else (container as Record<string, unknown>)[name] = value;
    return '';
  },
});

// go-yaml v2 decodes !!binary (base64) into the string of its bytes.
const binaryTag = yaml.defineScalarTag('tag:yaml.org,2002:binary', {
  resolve: (source) => Buffer.from(source.replace(/\s/g, ''), 'base64').toString('utf8'),
  identify: () => false,
});

// go-yaml v2 ignores a tag it does not know (`!!js/function`, `!Ref`) and keeps the node as written.
// Prefix tags catch every local (`!…`) and global (`tag:…`) tag that no exact tag matches.
const anyTag = (prefix: string) => [
  yaml.defineScalarTag(prefix, { matchByTagPrefix: true, resolve: (source) => source, identify: () => false }),
  yaml.defineSequenceTag(prefix, { ...yaml.seqTag, matchByTagPrefix: true, identify: () => false }),
  yaml.defineMappingTag(prefix, { ...mapTag, matchByTagPrefix: true, identify: () => false }),
];

export const KUBERNETES_SCHEMA = yaml.CORE_SCHEMA.withTags(boolTag, intTag, floatTag, mapTag, binaryTag, yaml.mergeTag, anyTag('!'), anyTag('tag:'));

export interface RawDocument {
  /** 0-based index among the stream's documents (empty ones included). */
  index: number;
  value: unknown;
  /** 1-based line where the document's content starts. */
  line: number;
  /** Index into `events` of the document's DOCUMENT event. */
  eventIndex: number;
}

/** A key that appears twice in one mapping. */
export interface DuplicateKey {
  /** Index of the document (as in RawDocument.index). */
  document: number;
  /** Path of the second occurrence inside the document. */
  path: Array<string | number>;
  key: string;
  line: number;
  firstLine: number;
}

/** A document kubectl refuses for its aliases (go-yaml's decoder): one expanding too far, or one holding itself. */
export interface AliasProblem {
  document: number;
  /** The line of the alias that passed the limit. */
  line: number;
  message: string;
}

export interface ParsedStream {
  documents: RawDocument[];
  events: yaml.Event[];
  text: string;
  lineStarts: LineStarts;
  /** Every duplicate mapping key, in source order (empty for almost every file). */
  duplicates: DuplicateKey[];
  /** The documents refused for their aliases (empty for a text without an alias). */
  aliasing: AliasProblem[];
  /**
   * Whether constructing made a number JSON cannot hold or a key that may have been a null key: when false, no
   * document needs mayBeUnrepresentable's walk.
   */
  mayBeUnrepresentable: boolean;
}

export class YamlSyntaxError extends Error {
  constructor(readonly line: number, readonly column: number, readonly reason: string) {
    super(reason);
  }
}

/** Helm template markers where YAML cannot hold them: the stream is an unrendered chart template. */
export class HelmTemplateError extends Error {
  constructor(readonly lines: number[], readonly detail?: string) {
    super('unrendered Helm template');
  }
}

export function lineStartsOf(text: string): LineStarts {
  // a typed array: a 100 MB file has two million lines, and a list of numbers that long costs a third more to fill
  let starts = new Uint32Array(1024);
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (n === starts.length) {
      const grown = new Uint32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = i + 1;
  }
  return starts.subarray(0, n);
}

/** Where each line starts in a text, as character offsets (the first is 0). */
export type LineStarts = ArrayLike<number>;

/** 1-based line of a character offset. */
export function lineAt(lineStarts: LineStarts, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Where an event starts in the source, or -1 for an empty scalar. */
export function eventStart(e: yaml.Event): number {
  switch (e.type) {
    case EVENT_ID.MAPPING:
    case EVENT_ID.SEQUENCE: {
      const c = e as yaml.MappingEvent;
      return c.anchorStart >= 0 ? c.anchorStart : c.tagStart >= 0 ? c.tagStart : c.start;
    }
    case EVENT_ID.SCALAR: {
      const s = e as yaml.ScalarEvent;
      return s.anchorStart >= 0 ? s.anchorStart : s.tagStart >= 0 ? s.tagStart : s.valueStart;
    }
    case EVENT_ID.ALIAS:
      return (e as yaml.AliasEvent).anchorStart - 1;
    default:
      return -1;
  }
}

const yamlError = (e: unknown): YamlSyntaxError | undefined => {
  if (!(e instanceof yaml.YAMLException)) return undefined;
  const mark = (e as { mark?: { line: number; column: number } }).mark;
  return new YamlSyntaxError((mark?.line ?? 0) + 1, (mark?.column ?? 0) + 1, (e as { reason?: string }).reason ?? e.message);
};

/**
 * How deep a document may nest (js-yaml's maxDepth; JSON lines are counted in loader/index.ts). go-yaml refuses beyond
 * 10000 ("yaml: exceeded max depth of 10000", scannerc.go max_flow_level), encoding/json too (maxNestingDepth); a
 * tenth of that keeps every walk of a document (the checks, the disk cache, the engine) well inside a JavaScript
 * stack, and no manifest comes near it.
 */
export const MAX_DEPTH = 1000;

/** Events of a text, or a YamlSyntaxError / HelmTemplateError. */
export function parseEvents(text: string, filename: string): yaml.Event[] {
  let events: yaml.Event[];
  try {
    events = yaml.parseEvents(text, { filename, maxDepth: MAX_DEPTH });
  } catch (e) {
    const syntax = yamlError(e);
    if (!syntax) throw e;
    const line = text.includes('{{') ? templateLineNear(text, syntax.line) : undefined;
    if (line) throw new HelmTemplateError([line], `the YAML parser stops at line ${syntax.line}: ${syntax.reason}`);
    throw syntax;
  }
  if (text.includes('{{')) {
    // `{{ … }}` outside a string is read as a flow mapping whose key is a flow mapping: never real YAML of an object.
    // (the table of line starts only when one is found: a large file with `{{` in a string has none)
    let lineStarts: LineStarts | undefined;
    const lines = new Set<number>();
    for (const e of events) {
      if (e.type === EVENT_ID.MAPPING && e.style === COLLECTION_STYLE.FLOW && text.startsWith('{{', e.start)) lines.add(lineAt((lineStarts ??= lineStartsOf(text)), e.start));
    }
    if (lines.size) throw new HelmTemplateError([...lines]);
  }
  return events;
}

/** The line at or above a syntax error that holds `{{` (not in a comment line), if any. */
function templateLineNear(text: string, errorLine: number): number | undefined {
  const lines = text.split('\n', errorLine);
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = lines[i].trimStart();
    if (t.includes('{{') && !t.startsWith('#')) return i + 1;
  }
  return undefined;
}

export function parseStream(input: string, filename: string): ParsedStream {
  // A byte-order mark is dropped at the start of the stream and of every document, as Kubernetes does.
  const text = stripByteOrderMarks(input);
  const events = parseEvents(text, filename);
  let values: unknown[];
  let duplicates: DuplicateKey[] = [];
  const construct = (json: boolean) => {
    unrepresentableSeen = false;
    return yaml.constructFromEvents(events, { source: text, filename, schema: KUBERNETES_SCHEMA, json, maxAliases: 10000 });
  };
  try {
    values = construct(false);
  } catch (e) {
    const error = yamlError(e);
    if (!error) throw e;
    if (error.reason !== 'duplicated mapping key') throw error;
    // The rare slow path: construct keeping the last key, then find every duplicate with its lines.
    try {
      values = construct(true);
    } catch (e2) {
      throw yamlError(e2) ?? e2;
    }
    duplicates = findDuplicateKeys(events, text, lineStartsOf(text));
    if (!duplicates.length) throw error;
  }
  const mayBeUnrepresentable = unrepresentableSeen;
  // js-yaml shares an aliased node (a 1 KB "billion laughs" constructs at once) but everything that walks or
  // serialises a document copies it: refuse what go-yaml refuses, before anything walks it
  const aliasing = MAY_HOLD_ALIAS.test(text) && hasAlias(events) ? aliasProblems(events, text) : [];
  let lineStarts: LineStarts | undefined;
  const starts = () => (lineStarts ??= lineStartsOf(text));
  // Documents' lines are asked in order (the disk cache stores every object's): counted on from the last one asked
  // rather than from a table of every line start (a third of a second and 16 MB for a 100 MB file).
  let counted = { offset: 0, line: 1 };
  const documentLine = (offset: number): number => {
    if (lineStarts || offset < counted.offset) return lineAt(starts(), offset);
    let line = counted.line;
    for (let i = text.indexOf('\n', counted.offset); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    counted = { offset, line };
    return line;
  };
  // Where each document starts among the events and in the text is only worked out when asked (a message, a location,
  // an exact integer's source): most loads never ask, and a scan of every event costs as much as a tenth of the parse.
  let documentEvents: number[] | undefined;
  const eventIndexes = (): number[] => {
    if (!documentEvents) {
      documentEvents = [];
      for (let i = 0; i < events.length; i++) if (events[i].type === EVENT_ID.DOCUMENT) documentEvents.push(i);
    }
    return documentEvents;
  };
  // constructFromEvents gives one value per DOCUMENT event, in order
  const documents: RawDocument[] = values.map((value, index) => ({
    index,
    value,
    get eventIndex() {
      return eventIndexes()[index];
    },
    get line() {
      const start = eventStart(events[eventIndexes()[index] + 1]);
      return start >= 0 ? documentLine(start) : 1;
    },
  }));
  return {
    documents, events, text, duplicates, aliasing, mayBeUnrepresentable,
    get lineStarts() {
      return starts();
    },
  };
}

// An alias (`*name`) starts a node: after a line start, a space or a flow indicator. Texts without one skip the walk;
// a text with one in a string (`*.yaml` in a CRD's description) has no ALIAS event, found by a loop that allocates
// nothing (the walk below costs a fortieth of the parse).
const MAY_HOLD_ALIAS = /(?:^|[\s,[{:])\*[^\s,[\]{}]/m;
function hasAlias(events: yaml.Event[]): boolean {
  for (let i = 0; i < events.length; i++) if (events[i].type === EVENT_ID.ALIAS) return true;
  return false;
}

// go-yaml's decoder (go.yaml.in/yaml/v2 decode.go, which sigs.k8s.io/yaml and so kubectl and the API server use;
// added for CVE-2019-11253): every node decoded counts, and those decoded through an alias count as aliased too. A
// document fails once more than 100 aliased and 1000 nodes are decoded and the aliased share passes the allowed ratio:
// 99% up to 400,000 nodes, falling to 10% at 4,000,000.
const ALIAS_RATIO_LOW = 400_000;
const ALIAS_RATIO_HIGH = 4_000_000;
const allowedAliasRatio = (decoded: number) =>
  decoded <= ALIAS_RATIO_LOW ? 0.99 : decoded >= ALIAS_RATIO_HIGH ? 0.1 : 0.99 - 0.89 * ((decoded - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
const excessive = (decoded: number, aliased: number) => aliased > 100 && decoded > 1000 && aliased / decoded > allowedAliasRatio(decoded);

/**
 * The documents go-yaml's decoder refuses for their aliases, found from the events without expanding anything: each
 * anchored node's expanded size is known when it closes, an alias adds it (the alias node itself counts once, as in
 * decode.go's alias()). Counting in document order gives decode.go's verdict: within one alias's expansion the aliased
 * share only grows, so the check after it is the check of its every node. Merge keys count their `<<` key once more
 * than go-yaml does.
 */
function aliasProblems(events: yaml.Event[], text: string): AliasProblem[] {
  const out: AliasProblem[] = [];
  let document = -1;
  let decoded = 0;
  let aliased = 0;
  let refused = false;
  let anchors = new Map<string, number>();
  // open collections: their expanded size so far and their anchor, if any
  const open: Array<{ size: number; anchor?: string }> = [];
  const add = (size: number) => {
    if (open.length) open[open.length - 1].size += size;
  };
  const refuse = (e: yaml.Event, message: string) => {
    refused = true;
    out.push({ document, line: lineAt(lineStartsOf(text), eventStart(e)), message });
  };
  const anchorOf = (e: yaml.ScalarEvent | yaml.MappingEvent) => (e.anchorStart >= 0 ? text.slice(e.anchorStart, e.anchorEnd) : undefined);
  for (const e of events) {
    if (e.type === EVENT_ID.DOCUMENT) {
      document++;
      [decoded, aliased, refused, anchors] = [1, 0, false, new Map()];
      open.length = 0;
      continue;
    }
    if (refused || (e.type === EVENT_ID.POP && !open.length)) continue;
    if (e.type === EVENT_ID.POP) {
      const closed = open.pop()!;
      if (closed.anchor !== undefined) anchors.set(closed.anchor, closed.size);
      add(closed.size);
      continue;
    }
    decoded++;
    if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) {
      const anchor = anchorOf(e as yaml.MappingEvent);
      if (anchor !== undefined) anchors.delete(anchor); // open: an alias of it now is an alias of itself
      open.push({ size: 1, anchor });
    } else if (e.type === EVENT_ID.SCALAR) {
      const anchor = anchorOf(e as yaml.ScalarEvent);
      if (anchor !== undefined) anchors.set(anchor, 1);
      add(1);
    } else if (e.type === EVENT_ID.ALIAS) {
      const name = text.slice((e as yaml.AliasEvent).anchorStart, (e as yaml.AliasEvent).anchorEnd);
      if (!anchors.has(name) && open.some((o) => o.anchor === name)) {
        refuse(e, `the anchor "${name}" holds an alias of itself: kubectl refuses the document (yaml: anchor '${name}' value contains itself)`);
        continue;
      }
      const size = anchors.get(name) ?? 0; // an unknown anchor: js-yaml has refused it already
      decoded += size;
      aliased += size;
      add(1 + size);
    }
    if (excessive(decoded, aliased)) {
      refuse(e, `the document's aliases expand it to ${decoded} nodes or more, ${aliased} of them copies: kubectl refuses it (yaml: document contains excessive aliasing)`);
    }
  }
  return out;
}

// the search first: the replace's pattern tries every line start, a third of a second on a 100 MB text without a mark
export const stripByteOrderMarks = (input: string) => (input.includes('\uFEFF') ? input.replace(/(^|\n)\uFEFF/g, '$1') : input);

/** A mapping key as the constructor sees it: plain scalars resolved (so `on` and `true` collide), merge keys skipped. */
function keyText(text: string, e: yaml.Event): string | undefined {
  if (e.type !== EVENT_ID.SCALAR) return undefined;
  const source = yaml.getScalarValue(text, e);
  if (e.style !== yaml.SCALAR_STYLE.PLAIN || e.tagStart >= 0) return source;
  if (source === '<<') return undefined;
  return String(KUBERNETES_SCHEMA.resolveImplicitScalarTag(source).value);
}

function findDuplicateKeys(events: yaml.Event[], text: string, lineStarts: LineStarts): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  let document = -1;
  // one frame per open node: documents, sequences (position) and mappings (keys seen, key or value next)
  type Frame = { kind: 'document' | 'sequence' | 'mapping'; path: Array<string | number>; index: number; keys: Map<string, number>; atKey: boolean; key?: string };
  const stack: Frame[] = [];
  const complete = (f: Frame | undefined) => {
    if (f?.kind === 'sequence') f.index++;
    else if (f?.kind === 'mapping') {
      if (!f.atKey) f.key = undefined;
      f.atKey = !f.atKey;
    }
  };
  const open = (kind: Frame['kind']) => {
    const p = stack[stack.length - 1];
    const path = !p || p.kind === 'document' ? [] : p.kind === 'sequence' ? [...p.path, p.index] : [...p.path, p.atKey ? '?' : (p.key ?? '?')];
    stack.push({ kind, path, index: 0, keys: new Map(), atKey: true });
  };
  for (const e of events) {
    const top = stack[stack.length - 1];
    switch (e.type) {
      case EVENT_ID.DOCUMENT:
        document++;
        open('document');
        break;
      case EVENT_ID.MAPPING:
        open('mapping');
        break;
      case EVENT_ID.SEQUENCE:
        open('sequence');
        break;
      case EVENT_ID.POP:
        stack.pop();
        complete(stack[stack.length - 1]);
        break;
      default: {
        if (top?.kind === 'mapping' && top.atKey) {
          const key = keyText(text, e);
          if (key !== undefined) {
            const offset = eventStart(e);
            const first = top.keys.get(key);
            if (first === undefined) top.keys.set(key, offset);
            else out.push({ document, path: [...top.path, key], key, line: lineAt(lineStarts, offset), firstLine: lineAt(lineStarts, first) });
          }
          complete(top);
          top.key = key;
        } else complete(top);
      }
    }
  }
  return out;
}

/**
 * Find the node at `path` inside a document by walking its events. Steps are keys or indexes (a numeric step
 * is an index in a sequence, a key in a mapping). Returns the event index of the node (or of the deepest
 * ancestor found), whether it was found, and the offset of its key when the last step was a mapping key.
 * Only used for lines of errors and for scalar source text, so a linear walk is fine.
 */
export function locate(
  events: yaml.Event[],
  text: string,
  documentEventIndex: number,
  path: ReadonlyArray<string | number>,
): { index: number; found: boolean; keyOffset: number } {
  let i = documentEventIndex + 1;
  let keyOffset = -1;
  const skip = (j: number) => skipNode(events, j);
  for (const step of path) {
    const e = events[i];
    if (e.type === EVENT_ID.MAPPING) {
      let j = i + 1;
      let found = -1;
      while (events[j].type !== EVENT_ID.POP) {
        const key = events[j];
        const valueIndex = skip(j);
        if (keyText(text, key) === String(step)) {
          found = valueIndex; // the last of duplicates wins, as in the constructed value
          keyOffset = eventStart(key);
        }
        j = skip(valueIndex);
      }
      if (found < 0) return { index: i, found: false, keyOffset: -1 };
      i = found;
    } else if (e.type === EVENT_ID.SEQUENCE && /^\d+$/.test(String(step))) {
      let j = i + 1;
      for (let k = 0; k < Number(step) && events[j].type !== EVENT_ID.POP; k++) j = skip(j);
      if (events[j].type === EVENT_ID.POP) return { index: i, found: false, keyOffset: -1 };
      i = j;
      keyOffset = -1;
    } else {
      return { index: i, found: false, keyOffset: -1 };
    }
  }
  return { index: i, found: true, keyOffset };
}

/** The index after the complete node that starts at events[j]. */
function skipNode(events: yaml.Event[], j: number): number {
  let depth = 0;
  do {
    const t = events[j++].type;
    if (t === EVENT_ID.MAPPING || t === EVENT_ID.SEQUENCE) depth++;
    else if (t === EVENT_ID.POP) depth--;
  } while (depth > 0);
  return j;
}

/**
 * The source offset of every item of the sequence at `path` (each as offsetOf(…, [...path, i]) gives it), in one walk:
 * a List of 14,000 items located item by item walked its sequence 14,000 times (a 20 MB `kubectl get -o yaml` dump
 * took minutes). Undefined when the node at `path` is not a sequence written there (an alias, a merged key).
 */
export function itemOffsets(stream: Pick<ParsedStream, 'events' | 'text'>, documentEventIndex: number, path: ReadonlyArray<string | number>): number[] | undefined {
  const { events } = stream;
  const { index, found } = locate(events, stream.text, documentEventIndex, path);
  if (!found || events[index].type !== EVENT_ID.SEQUENCE) return undefined;
  const out: number[] = [];
  for (let j = index + 1; events[j].type !== EVENT_ID.POP; j = skipNode(events, j)) out.push(eventStart(events[j]));
  return out;
}

/** The source offset of a field (its key when it has one) or of its deepest ancestor present in the document. */
export function offsetOf(stream: Pick<ParsedStream, 'events' | 'text'>, documentEventIndex: number, path: ReadonlyArray<string | number>): number {
  const { index, keyOffset } = locate(stream.events, stream.text, documentEventIndex, path);
  return keyOffset >= 0 ? keyOffset : eventStart(stream.events[index]);
}

/** The text of the scalar at `path` as written (before it became a number), or undefined. */
export function scalarSource(stream: Pick<ParsedStream, 'events' | 'text'>, documentEventIndex: number, path: ReadonlyArray<string | number>): string | undefined {
  const { index, found } = locate(stream.events, stream.text, documentEventIndex, path);
  const e = stream.events[index];
  return found && e.type === EVENT_ID.SCALAR ? yaml.getScalarValue(stream.text, e) : undefined;
}

/** A mapping key go-yaml reads as null (`~:`, `null:`, an empty key): sigs.k8s.io/yaml cannot make it a JSON key. */
export interface NullKey { document: number; line: number }

/**
 * Every null mapping key of the stream, found by walking its events (js-yaml turns such a key into the string
 * "null" silently). Only called when a document holds a "null" or "" key, so ordinary loads never walk.
 */
export function findNullKeys(stream: Pick<ParsedStream, 'events' | 'text' | 'lineStarts'>): NullKey[] {
  const out: NullKey[] = [];
  let document = -1;
  // per open collection: is it a mapping, and is its next node a key
  const stack: Array<{ mapping: boolean; atKey: boolean }> = [];
  const done = () => {
    const top = stack[stack.length - 1];
    if (top?.mapping) top.atKey = !top.atKey;
  };
  for (const e of stream.events) {
    const top = stack[stack.length - 1];
    if (e.type === EVENT_ID.DOCUMENT) {
      document++;
      stack.push({ mapping: false, atKey: false });
    } else if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) {
      stack.push({ mapping: e.type === EVENT_ID.MAPPING, atKey: true });
    } else if (e.type === EVENT_ID.POP) {
      stack.pop();
      done();
    } else {
      if (top?.mapping && top.atKey && e.type === EVENT_ID.SCALAR) {
        const source = yaml.getScalarValue(stream.text, e);
        const tag = e.tagStart >= 0 ? stream.text.slice(e.tagStart, e.tagEnd) : '';
        const isNull = tag ? tag === '!!null' : e.style === yaml.SCALAR_STYLE.PLAIN && KUBERNETES_SCHEMA.resolveImplicitScalarTag(source).value === null;
        if (isNull) out.push({ document, line: lineAt(stream.lineStarts, eventStart(e)) });
      }
      done();
    }
  }
  return out;
}

/**
 * Whether a value may hold what unrepresentable documents hold: a number JSON cannot hold or a key that may have been
 * a null key ("null" or ""). One walk that allocates nothing, so that ordinary documents skip the searches below
 * (nonFiniteNumbers builds every node's path; a profile of the 2 MB argo-cd bundle had them at a tenth of the parse).
 */
export function mayBeUnrepresentable(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (mayBeUnrepresentable(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (key === 'null' || key === '' || mayBeUnrepresentable((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** Paths of the numbers JSON cannot hold (.inf, -.inf, .nan): sigs.k8s.io/yaml's json.Marshal refuses them. */
export function nonFiniteNumbers(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (typeof value === 'number' && !Number.isFinite(value)) out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => nonFiniteNumbers(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) nonFiniteNumbers(v, [...path, k], out);
  return out;
}

/** Whether a value holds a key that may have been a null key ("null" or ""), at any depth. */
export function hasNullLikeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasNullLikeKey);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k === 'null' || k === '' || hasNullLikeKey(v));
}
