// A null item in a list the API server's validation walks (`requiredDuringSchedulingIgnoredDuringExecution: [null]`,
// `tolerations: [null]`, `namespaces: ["team", null]`): Go's JSON decoder makes it the item type's zero value, which
// validation then refuses like any other (k8s/go-decode.ts). Each was a TypeError inside the library's validation
// before. The oracle's answers at 1.33 and 1.37 (oracle/k8s-*/create.go: k8s.io/kubernetes v1.33.13 and v1.37.2,
// sigs.k8s.io/json decoding, pkg/apis/core/validation) are kept in test/fixtures/oracle-regressions-nullitems.json and
// compared exactly as the create domain compares them (test/oracle/create.ts), so `npm test` keeps them without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';

const frozen: Record<string, { create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-nullitems.json'), 'utf8'));

describe.each(Object.keys(frozen))('a null list item as kube-apiserver %s decodes and validates it', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // every case is refused: the zero item is invalid
    expect(c.upstream.errors?.length).toBeGreaterThan(0);
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});
