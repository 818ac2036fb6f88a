// The YAML domain: the library's loader (parseManifests) against sigs.k8s.io/yaml's YAMLToJSONStrict
// (oracle/k8s-*/yaml.go) on one document. Compared: both refuse, or both give the same JSON value (object keys
// sorted, as Go's encoder writes maps; numbers as JSON.parse reads Go's text). Error texts are not compared: the
// loader's own messages name file and line, go-yaml's do not.
import type { Difference } from './compare';
import type { Domain } from './domains';
import { yamlDocumentArb } from './generators-yaml';
import { ManifestError, parseManifests } from './lib';

export interface YamlOutput { json?: string; error?: string }

/** JSON text with object keys sorted; bigints as their decimal text (JSON.parse of Go's text reads numbers). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => {
    if (typeof v === 'bigint') return Number(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
    return v;
  });
}

export function libraryYaml({ text }: { text: string }): YamlOutput {
  try {
    const objects = parseManifests(text, 'case.yaml').all();
    if (objects.length !== 1) return { error: `${objects.length} objects` };
    return { json: canonical(objects[0]) };
  } catch (e) {
    if (e instanceof ManifestError) return { error: e.message };
    throw e;
  }
}

/** An error's class for telling differences apart: its text without lines, quoted parts and numbers. */
const errorClass = (text: string) => text.split('\n').slice(0, 2).join(' ').replace(/"[^"]*"|'[^']*'|\d+/g, '_').slice(0, 120);

/** The first place two JSON values differ, as `path: ours-kind/upstream-kind` (keys named by their kind of text). */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(a) !== kind(b)) return `${path}: ${kind(a)}/${kind(b)}`;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    if (a.length !== bs.length) return `${path}: length`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], bs[i], `${path}[]`);
      if (d) return d;
    }
    return undefined;
  }
  if (a && typeof a === 'object') {
    const ka = Object.keys(a).sort(), kb = Object.keys(b as object).sort();
    if (JSON.stringify(ka) !== JSON.stringify(kb)) return `${path}: keys`;
    for (const k of ka) {
      const d = firstDifference((a as any)[k], (b as any)[k], `${path}.${/^[a-z]+$/.test(k) ? k : 'K'}`);
      if (d) return d;
    }
    return undefined;
  }
  return a === b ? undefined : `${path}: ${kind(a)} value`;
}

export function compareYaml(ours: YamlOutput, upstream: YamlOutput): Difference[] {
  if ((ours.error === undefined) !== (upstream.error === undefined)) {
    const by = ours.error !== undefined ? `ours: ${errorClass(ours.error.replace(/^.*\n\s*case\.yaml:[\d:]*\s*/, ''))}` : `upstream: ${errorClass(upstream.error!)}`;
    return [{ field: `refused by ${by}`, ours: ours.error ?? ours.json, upstream: upstream.error ?? upstream.json }];
  }
  if (ours.error !== undefined) return [];
  const theirs = canonical(JSON.parse(upstream.json!));
  if (theirs === ours.json) return [];
  return [{ field: `json at ${firstDifference(JSON.parse(ours.json!), JSON.parse(theirs)) ?? '?'}`, ours: ours.json, upstream: theirs }];
}

export const yamlDomain: Domain<{ text: string }, YamlOutput> = {
  name: 'yaml',
  arbitrary: yamlDocumentArb.map((text) => ({ text })),
  ours: libraryYaml,
  compare: compareYaml,
};
