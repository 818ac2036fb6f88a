// The loader: YAML streams as Kubernetes reads them, origins, collections and errors.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadManifests, ManifestError, origin, parseManifests } from '.';

function problems(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    return (e as Error).message;
  }
  throw new Error('expected a ManifestError');
}

const deployment = (name: string) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      containers: [{name: c}]\n`;

describe('streams', () => {
  test('documents separated by --- with comments, empty and comment-only documents, no final newline', () => {
    const text = `# leading comment\n---\n---\n${deployment('a')}--- # a comment\n# only a comment\n---\n${deployment('b')}---\n`.trimEnd();
    const m = parseManifests(text, 'stream.yaml');
    expect(m.all().map((o) => o.metadata?.name)).toEqual(['a', 'b']);
    expect(origin(m.get('deployment/a'))).toEqual({ file: 'stream.yaml', document: 1, line: 4 });
    expect(origin(m.get('deployment/b'))?.line).toBe(15);
  });
  test("documents' lines are the same asked in order, in reverse, or once each", () => {
    const text = `# c\n${deployment('a')}---\n\n${deployment('b')}--- # x\n# y\n${deployment('c')}`.replace(/\n/g, '\r\n');
    const lines = (names: string[]) => {
      const m = parseManifests(text, 's.yaml');
      return names.map((n) => origin(m.get(`deployment/${n}`))?.line);
    };
    expect(lines(['a', 'b', 'c'])).toEqual([2, 12, 22]);
    expect(lines(['c', 'b', 'a'])).toEqual([22, 12, 2]);
    expect(lines(['b', 'c', 'a'])).toEqual([12, 22, 2]);
  });
  test('CRLF line endings and byte-order marks (also at a later document)', () => {
    const text = `\uFEFF${deployment('a')}---\n\uFEFF${deployment('b')}`.replace(/\n/g, '\r\n');
    expect(parseManifests(text).all().map((o) => o.metadata?.name)).toEqual(['a', 'b']);
  });
  test('JSON documents and one JSON object per line', () => {
    expect(parseManifests(JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } }, null, 2)).nodes()).toHaveLength(1);
    const lines = ['{"apiVersion":"v1","kind":"Node","metadata":{"name":"a"}}', '{"apiVersion":"v1","kind":"Node","metadata":{"name":"b"}}'].join('\n');
    const m = parseManifests(lines, 'nodes.jsonl');
    expect(m.nodes().map((n) => n.metadata?.name)).toEqual(['a', 'b']);
    expect(origin(m.get('node/b'))?.line).toBe(2);
  });
  test('List and *List kinds are flattened; items take kind and apiVersion from the list', () => {
    const text = 'apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n- metadata:\n    name: b\n';
    const m = parseManifests(text, 'nodes.yaml');
    expect(m.nodes().map((n) => [n.kind, n.apiVersion, n.metadata?.name])).toEqual([['Node', 'v1', 'a'], ['Node', 'v1', 'b']]);
    expect(origin(m.get('node/b'))).toEqual({ file: 'nodes.yaml', document: 0, line: 5 });
    const list = 'apiVersion: v1\nkind: List\nmetadata: {}\nitems:\n- ' + deployment('x').replace(/\n(?=.)/g, '\n  ');
    expect(parseManifests(list).workloads().map(String)).toEqual(['Deployment default/x (<string>:5)']);
  });
  test("a List's items keep their own lines: block, flow (kubectl's JSON), empty, and items behind an alias or a merge key", () => {
    const block = parseManifests('apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n- # b\n  metadata:\n    name: b\n- &c {metadata: {name: c}}\n', 'n.yaml');
    expect(block.all().map((n) => [n.metadata?.name, origin(n)?.line])).toEqual([['a', 4], ['b', 6], ['c', 8]]);
    // an empty item has no line of its own: the document's
    expect(problems(() => parseManifests('apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n-\n', 'n.yaml'))).toContain('n.yaml:1: items[1]: expected a Kubernetes object (a mapping), got null');
    const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'a' } }, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'b' } }] }, null, 2);
    expect(parseManifests(json, 'n.json').all().map((n) => origin(n)?.line)).toEqual([5, 12]);
    // items written elsewhere: each takes the line of what stands for them in the document
    const aliased = parseManifests('apiVersion: v1\nkind: List\nx: &x [{apiVersion: v1, kind: Node, metadata: {name: a}}]\nitems: *x\n---\napiVersion: v1\nkind: List\n<<: {items: [{apiVersion: v1, kind: Node, metadata: {name: b}}]}\n', 'l.yaml');
    expect(aliased.all().map((n) => [n.metadata?.name, origin(n)?.line])).toEqual([['a', 4], ['b', 6]]);
  });
  test("a large List (kubectl get -o yaml of 20,000 objects) loads in time linear in its size, each item's line its own", () => {
    const item = (i: number) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}\n  data: {a: "1"}\n`;
    const text = `apiVersion: v1\nkind: List\nitems:\n${Array.from({ length: 20_000 }, (_, i) => item(i)).join('')}`;
    const started = performance.now();
    const m = parseManifests(text, 'dump.yaml');
    // item by item, the line search walked the items before each one: 2·10⁸ steps here, minutes (a few seconds at 20,000 items on 2 loaded cores)
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(m.length).toBe(20_000);
    expect(origin(m.get('configmap/c19999'))?.line).toBe(4 + 5 * 19_999);
  });
  test('YAML 1.1 scalars as Kubernetes reads them: yes/no/on/off are booleans, 0644 is octal, merge keys merge', () => {
    const m = parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  a: yes\n  b: 0644\n  c: 1:20\n  d: 2024-01-01\nbase: &b {x: 1}\nmerged:\n  <<: *b\n  z: 2\nkeys: {y: 1, off: 2}\n');
    const cm = m.get('configmap/c') as unknown as { data: Record<string, unknown>; merged: unknown };
    expect(cm.data).toEqual({ a: true, b: 420, c: '1:20', d: '2024-01-01' });
    expect(cm.merged).toEqual({ x: 1, z: 2 });
    // go-yaml v2 resolves the keys y and off as booleans too; sigs.k8s.io/yaml then writes them as "true" and "false"
    expect((cm as unknown as { keys: object }).keys).toEqual({ true: 1, false: 2 });
  });
  test('duplicate keys are refused naming both lines (kubectl apply -f would keep the last silently)', () => {
    expect(problems(() => parseManifests('apiVersion: v1\nkind: Node\nmetadata: {name: a}\nmetadata: {name: b}\n', 'n.yaml'))).toContain(
      'n.yaml:4: metadata: mapping key "metadata" already defined at line 3',
    );
  });
  test('bare YAML numbers where Kubernetes accepts them (quantities)', () => {
    const n = parseManifests('apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus:\n  allocatable: {cpu: 32, pods: 110}\n').nodes()[0];
    expect(n.status?.allocatable).toEqual({ cpu: 32, pods: 110 });
  });
  test('__proto__ keys do not reach Object.prototype', () => {
    parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n__proto__: {polluted: true}\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('errors name file, line and field; nothing is dropped silently', () => {
  test('malformed YAML: file, line and column', () => {
    expect(problems(() => parseManifests('apiVersion: v1\nkind: Node\nmetadata: {name: a\n', 'bad.yaml'))).toMatch(/bad\.yaml:4:1: YAML syntax error: /);
  });
  test('a document without kind or apiVersion, and the { kind } option for headerless dumps', () => {
    const text = '{"metadata": {"name": "master-0"}, "spec": {"taints": [{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]}}';
    expect(problems(() => parseManifests(text, 'node.json'))).toContain('node.json:1: the object has no apiVersion or kind (metadata.name "master-0"); give loadManifests/parseManifests the option { kind }');
    const n = parseManifests(text, 'node.json', { kind: 'Node' }).nodes()[0];
    expect([n.kind, n.apiVersion]).toEqual(['Node', 'v1']);
  });
  test('a toleration value that YAML reads as a boolean, like kubectl apply refuses it', () => {
    const text = deployment('web').replace('      containers: [{name: c}]\n', '      containers: [{name: c}]\n      tolerations:\n      - key: dedicated\n        value: yes\n        effect: NoSchedule\n');
    expect(problems(() => parseManifests(text, 'web.yaml'))).toContain(
      'web.yaml:11: spec.template.spec.tolerations[0].value: expected a string, got the boolean true (unquoted yes/no/on/off/true/false are booleans in the YAML Kubernetes reads: quote the value)',
    );
  });
  test('tolerationSeconds as a string; integral floats are fine', () => {
    const tol = (s: string) => deployment('web').replace('      containers: [{name: c}]\n', `      containers: [{name: c}]\n      tolerations: [{key: a, operator: Exists, effect: NoExecute, tolerationSeconds: ${s}}]\n`);
    expect(problems(() => parseManifests(tol('"300"'), 'web.yaml'))).toContain('web.yaml:9: spec.template.spec.tolerations[0].tolerationSeconds: expected an integer, got the string "300" (quoted numbers are strings: remove the quotes)');
    expect(problems(() => parseManifests(tol('1.5'), 'web.yaml'))).toContain('expected an integer, got the number 1.5');
    expect((parseManifests(tol('300.0')).workloads()[0] as any).spec.template.spec.tolerations[0].tolerationSeconds).toBe(300);
  });
  test('every problem of every file is reported', () => {
    const msg = problems(() => parseManifests('kind: Node\n---\napiVersion: v1\nkind: Node\nmetadata: {name: a, labels: {gpu: true}}\n---\n- 1\n', 'x.yaml'));
    expect(msg).toContain('3 problem(s)');
    expect(msg).toContain('x.yaml:5: metadata.labels.gpu: expected a string, got the boolean true');
    expect(msg).toContain('x.yaml:7: expected a Kubernetes object (a mapping), got a list');
  });
  test('the error stack starts at the caller, not inside the library', () => {
    try {
      parseManifests('kind: Node\n', 'x.yaml');
    } catch (e) {
      const frames = (e as Error).stack!.split('\n').filter((l) => l.trim().startsWith('at '));
      expect(frames[0]).toContain('loader.test.ts');
    }
  });
});

describe('loadManifests and collections', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
  mkdirSync(path.join(dir, 'deploy/base'), { recursive: true });
  writeFileSync(path.join(dir, 'deploy/web.yaml'), deployment('web').replace('name: web', 'name: web\n  namespace: prod'));
  writeFileSync(path.join(dir, 'deploy/base/api.yml'), deployment('api') + '---\n' + deployment('web'));
  writeFileSync(path.join(dir, 'nodes.golden'), 'apiVersion: v1\nkind: Node\nmetadata: {name: gpu-1}\n');
  writeFileSync(path.join(dir, 'crd.json'), '{"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "spot"}}');

  test('globs, files of any extension, directories and arrays, relative to cwd', () => {
    expect(loadManifests('deploy/**/*.{yaml,yml}', { cwd: dir }).length).toBe(3);
    expect(loadManifests('deploy', { cwd: dir }).length).toBe(3);
    expect(loadManifests(['nodes.golden', 'crd.json'], { cwd: dir }).all().map(String)).toEqual(['Node gpu-1 (nodes.golden:1)', 'NodePool spot (crd.json:1)']);
  });
  test('workloads(), nodes(), all() keeps kinds the engine does not model', () => {
    const m = loadManifests(['deploy', 'nodes.golden', 'crd.json'], { cwd: dir });
    expect([m.workloads().length, m.nodes().length, m.all().length, [...m].length]).toEqual([3, 1, 5, 5]);
  });
  test("get(kind/name) with kubectl's kinds, namespaces and helpful errors", () => {
    const m = loadManifests('deploy', { cwd: dir });
    expect(m.get('deploy/api').metadata?.name).toBe('api');
    expect(m.get('Deployment/web', { namespace: 'prod' }).metadata?.namespace).toBe('prod');
    expect(() => m.get('deployment/web')).toThrow('get("deployment/web") matches 2 objects; pass { namespace }:\n  Deployment default/web (deploy/base/api.yml:');
    expect(() => m.get('deployment/wbe')).toThrow(/matches nothing\. Near matches:\n  Deployment default\/web/);
  });
  test('printable names for test.each titles, without changing equality or snapshots', () => {
    const [web] = loadManifests('deploy/web.yaml', { cwd: dir }).workloads();
    expect(`${web}`).toBe('Deployment prod/web (deploy/web.yaml:1)');
    expect(Object.keys(web)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(web).toStrictEqual(JSON.parse(JSON.stringify(web)));
  });
  test('a pattern that matches nothing is an error', () => {
    expect(problems(() => loadManifests('nope/*.yaml', { cwd: dir }))).toContain('  nope/*.yaml: no file matches this pattern');
  });
});
