// YAML as Kubernetes reads it (sigs.k8s.io/yaml over go-yaml v2): YAML 1.1 booleans (yes/no/on/off/y/n)
// and ints (0644 is octal), merge keys, last duplicate key wins; documents located by line.
import * as yaml from 'js-yaml';

// go-yaml v2 has no sexagesimal integers: "1:20" stays a string.
const intTag = yaml.defineScalarTag('tag:yaml.org,2002:int', {
  implicit: true,
  implicitFirstChars: ['-', '+', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  resolve: (source, isExplicit, tagName) => (source.includes(':') ? yaml.NOT_RESOLVED : yaml.intYaml11Tag.resolve(source, isExplicit, tagName)),
  identify: yaml.intYaml11Tag.identify,
  represent: yaml.intYaml11Tag.represent,
});

export const KUBERNETES_SCHEMA = yaml.CORE_SCHEMA.withTags(yaml.boolYaml11Tag, intTag, yaml.mergeTag);

export interface RawDocument {
  /** 0-based index among the stream's documents (empty ones included). */
  index: number;
  value: unknown;
  /** 1-based line where the document's content starts. */
  line: number;
  /** Index into `events` of the document's DOCUMENT event. */
  eventIndex: number;
}

export interface ParsedStream {
  documents: RawDocument[];
  events: yaml.Event[];
  text: string;
  lineStarts: number[];
}

export class YamlSyntaxError extends Error {
  constructor(readonly line: number, readonly column: number, readonly reason: string) {
    super(reason);
  }
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of a character offset. */
export function lineAt(lineStarts: number[], offset: number): number {
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
    case yaml.EVENT_ID.MAPPING:
    case yaml.EVENT_ID.SEQUENCE: {
      const c = e as yaml.MappingEvent;
      return c.anchorStart >= 0 ? c.anchorStart : c.tagStart >= 0 ? c.tagStart : c.start;
    }
    case yaml.EVENT_ID.SCALAR: {
      const s = e as yaml.ScalarEvent;
      return s.anchorStart >= 0 ? s.anchorStart : s.tagStart >= 0 ? s.tagStart : s.valueStart;
    }
    case yaml.EVENT_ID.ALIAS:
      return (e as yaml.AliasEvent).anchorStart - 1;
    default:
      return -1;
  }
}

export function parseStream(input: string, filename: string): ParsedStream {
  // A byte-order mark is dropped at the start of the stream and of every document, as Kubernetes does.
  const text = input.replace(/(^|\n)\uFEFF/g, '$1');
  const lineStarts = lineStartsOf(text);
  let events: yaml.Event[];
  let values: unknown[];
  try {
    events = yaml.parseEvents(text, { filename, maxDepth: 1000 });
    values = yaml.constructFromEvents(events, { source: text, filename, schema: KUBERNETES_SCHEMA, json: true, maxAliases: 10000 });
  } catch (e) {
    if (e instanceof yaml.YAMLException) {
      const mark = (e as { mark?: { line: number; column: number } }).mark;
      const reason = (e as { reason?: string }).reason ?? e.message;
      throw new YamlSyntaxError((mark?.line ?? 0) + 1, (mark?.column ?? 0) + 1, reason);
    }
    throw e;
  }
  const documents: RawDocument[] = [];
  let index = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i].type !== yaml.EVENT_ID.DOCUMENT) continue;
    const start = eventStart(events[i + 1]);
    documents.push({ index, value: values[index], line: start >= 0 ? lineAt(lineStarts, start) : 1, eventIndex: i });
    index++;
  }
  return { documents, events, text, lineStarts };
}

/**
 * The source offset of the node at `path` inside a document, by walking its events; -1 if not found.
 * Only used to point an error or a List item at its line, so a linear walk is fine.
 */
export function offsetOf(stream: ParsedStream, doc: RawDocument, path: ReadonlyArray<string | number>): number {
  const { events, text } = stream;
  let i = doc.eventIndex + 1;
  // skip one complete node starting at events[i]; returns the index after it
  const skip = (j: number): number => {
    const t = events[j].type;
    if (t !== yaml.EVENT_ID.MAPPING && t !== yaml.EVENT_ID.SEQUENCE) return j + 1;
    j++;
    while (events[j].type !== yaml.EVENT_ID.POP) j = skip(j);
    return j + 1;
  };
  for (const step of path) {
    const e = events[i];
    if (e.type === yaml.EVENT_ID.MAPPING && typeof step === 'string') {
      let j = i + 1;
      let found = -1;
      while (events[j].type !== yaml.EVENT_ID.POP) {
        const key = events[j];
        const keyText = key.type === yaml.EVENT_ID.SCALAR ? yaml.getScalarValue(text, key as yaml.ScalarEvent) : undefined;
        const valueIndex = skip(j);
        if (keyText === step) found = valueIndex; // last duplicate wins
        j = skip(valueIndex);
      }
      if (found < 0) return eventStart(e);
      i = found;
    } else if (e.type === yaml.EVENT_ID.SEQUENCE && typeof step === 'number') {
      let j = i + 1;
      for (let k = 0; k < step && events[j].type !== yaml.EVENT_ID.POP; k++) j = skip(j);
      if (events[j].type === yaml.EVENT_ID.POP) return eventStart(e);
      i = j;
    } else {
      return eventStart(e);
    }
  }
  return eventStart(events[i]);
}
