// Frozen differences the create-path and YAML oracle domains found at 1.33 … 1.37 (oracle/k8s-*/create.go, yaml.go),
// each fixed in the library; the oracle's answers per release are kept in test/fixtures/oracle-regressions-create.json
// (upstream: k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2 — pkg/registry/*/strategy.go PrepareForCreate + Validate, pkg/apis/*/validation,
// apimachinery field/errors.go ErrorBody, pkg/apis/*/v1/defaults.go; sigs.k8s.io/yaml v1.6.0 YAMLToJSONStrict), and
// compared exactly as the oracle run compares it (test/oracle/create.ts, yaml-domain.ts), so `npm test` keeps them
// without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import { compareYaml, libraryYaml, type YamlOutput } from '../oracle/yaml-domain';
import type { CreateInput } from '../oracle/generators-create';

interface Frozen {
  create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }>;
  yaml: Array<{ name: string; text: string; upstream: YamlOutput }>;
}

const frozen: Record<string, Frozen> = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-create.json'), 'utf8'));

describe.each(Object.keys(frozen))('create path as kube-apiserver %s answers it', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});

describe.each(Object.keys(frozen).filter((r) => frozen[r].yaml.length))('YAML as sigs.k8s.io/yaml reads it (%s)', (release) => {
  test.each(frozen[release].yaml.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareYaml(libraryYaml({ text: c.text }), c.upstream)).toEqual([]);
  });
});
