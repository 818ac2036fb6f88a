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

export function compareYaml(ours: YamlOutput, upstream: YamlOutput): Difference[] {
  if ((ours.error === undefined) !== (upstream.error === undefined)) return [{ field: 'refused', ours: ours.error ?? ours.json, upstream: upstream.error ?? upstream.json }];
  if (ours.error !== undefined) return [];
  const theirs = canonical(JSON.parse(upstream.json!));
  return theirs === ours.json ? [] : [{ field: 'json', ours: ours.json, upstream: theirs }];
}

export const yamlDomain: Domain<{ text: string }, YamlOutput> = {
  name: 'yaml',
  arbitrary: yamlDocumentArb.map((text) => ({ text })),
  ours: libraryYaml,
  compare: compareYaml,
};
