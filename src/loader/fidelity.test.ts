// The loader reads input as Kubernetes does and refuses, naming file, line and field, what a real cluster
// (or kustomize / kubeconform -strict, for duplicate keys) refuses.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fieldLocation } from '../k8s/subject';
import { fieldLine, loadManifests, ManifestError, origin, parseManifests } from '.';
import { exactInteger } from './typecheck';

function problems(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    return (e as Error).message;
  }
  throw new Error('expected a ManifestError');
}

// A valid Deployment; `podSpec` lines are indented for the pod spec (6 spaces).
const deployment = (name: string, podSpec = '') =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  selector:',
    '    matchLabels: {app: web}',
    '  template:',
    '    metadata:',
    '      labels: {app: web}',
    '    spec:',
    '      containers:',
    '      - name: web',
    '        image: nginx:1.27',
    podSpec,
  ].join('\n') + '\n';

describe('duplicate mapping keys are refused, naming both lines', () => {
  test('two tolerations blocks in one pod spec (the second would silently replace the first)', () => {
    const text = deployment('web', '      tolerations:\n      - {key: a, operator: Exists}\n      nodeSelector: {pool: web}\n      tolerations:\n      - {key: b, operator: Exists}');
    expect(problems(() => parseManifests(text, 'deploy.yaml'))).toContain(
      'deploy.yaml:18: spec.template.spec.tolerations: mapping key "tolerations" already defined at line 15',
    );
  });
  test('every duplicate of every document is reported; the other documents still load', () => {
    const text = [
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n  name: b\n  labels: {x: "1", x: "2"}',
      'apiVersion: v1\nkind: Node\nmetadata: {name: ok}',
      'apiVersion: v1\nkind: Node\nkind: Node\nmetadata: {name: c}\nspec:\n  taints:\n  - {key: k, effect: NoSchedule, key: j}',
    ].join('\n---\n');
    const msg = problems(() => parseManifests(text, 'nodes.yaml'));
    expect(msg).toContain('4 problem(s)');
    expect(msg).toContain('nodes.yaml:5: metadata.name: mapping key "name" already defined at line 4');
    expect(msg).toContain('nodes.yaml:6: metadata.labels.x: mapping key "x" already defined at line 6');
    expect(msg).toContain('nodes.yaml:14: kind: mapping key "kind" already defined at line 13');
    expect(msg).toContain('nodes.yaml:18: spec.taints[0].key: mapping key "key" already defined at line 18');
  });
  test('merge keys are not duplicates: an explicit key overrides a merged one, as go-yaml does', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nbase: &b {x: 1, z: 1}\ndata:\n  <<: *b\n  x: "2"\n';
    expect((parseManifests(text).get('configmap/c') as { data?: object }).data).toEqual({ x: '2', z: 1 });
  });
});

describe('kind and apiVersion must be strings', () => {
  test('a mapping as kind and a number as apiVersion: a wrong type at the field line', () => {
    const msg = problems(() => parseManifests('metadata: {name: a}\napiVersion: 5\nkind:\n  name: Node\n', 'k.yaml'));
    expect(msg).toContain('k.yaml:2: apiVersion: expected a string, got the number 5 (unquoted numbers are numbers: quote the value)');
    expect(msg).toContain('k.yaml:3: kind: expected a string, got a mapping');
    expect(msg).not.toContain('has no');
    expect(problems(() => parseManifests('apiVersion: v1\nkind: "{{ .Values.kind }}"\n', 'k.yaml'))).toContain('k.yaml:2: kind: unrendered Helm template');
  });
});

describe('integers as the API server decodes them (Go int32 / int64)', () => {
  const tol = (seconds: string) =>
    deployment('web', `      tolerations: [{key: a, operator: Exists, effect: NoExecute, tolerationSeconds: ${seconds}}]`);
  const loadTol = (s: string) =>
    (parseManifests(tol(s)).get('deploy/web').spec?.template.spec?.tolerations?.[0] as { tolerationSeconds: number }).tolerationSeconds;

  test('int64 (tolerationSeconds): the largest int64 is accepted although a double cannot hold it', () => {
    expect(loadTol('9223372036854775807')).toBeGreaterThan(9e18);
    expect(loadTol('-9223372036854775808')).toBeLessThan(-9e18);
  });
  test.each(['9223372036854775808', '99999999999999999999', '-9223372036854775809', '1e19'])('int64 (tolerationSeconds): %s is refused', (s) => {
    expect(problems(() => parseManifests(tol(s), 'web.yaml'))).toContain(
      `web.yaml:15: spec.template.spec.tolerations[0].tolerationSeconds: expected an integer, got the number ${s}, beyond int64`,
    );
  });
  test('integral floats are integers (300.0, 3e2); 1.5 is not', () => {
    expect(loadTol('300.0')).toBe(300);
    expect(loadTol('3e2')).toBe(300);
    expect(problems(() => parseManifests(tol('1.5'), 'web.yaml'))).toContain('expected an integer, got the number 1.5');
  });
  test.each([
    ['hostPort', '      containers:\n      - name: web\n        image: nginx\n        ports: [{containerPort: 80, hostPort: 2147483648}]', 'spec.template.spec.containers[0].ports[0].hostPort'],
    ['priority', '      priority: -2147483649', 'spec.template.spec.priority'],
    ['weight', '      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 4294967296\n            preference: {matchExpressions: [{key: a, operator: Exists}]}', 'spec.template.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight'],
    ['maxSkew', '      topologySpreadConstraints:\n      - {maxSkew: 3000000000, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}', 'spec.template.spec.topologySpreadConstraints[0].maxSkew'],
  ])('int32 (%s) beyond int32 is refused', (_, podSpec, field) => {
    const text = deployment('web', podSpec).replace('      containers:\n      - name: web\n        image: nginx:1.27\n      containers:', '      containers:');
    expect(problems(() => parseManifests(text, 'web.yaml'))).toMatch(new RegExp(`web\\.yaml:\\d+: ${field.replace(/[[\].]/g, '\\$&')}: expected an integer, got the number -?\\d+, beyond int32`));
  });
  test('int32 fields of workloads: replicas, Job parallelism, CronJob history limits', () => {
    expect(problems(() => parseManifests(deployment('web').replace('spec:\n  selector', 'spec:\n  replicas: 2147483648\n  selector'), 'd.yaml'))).toContain(
      'd.yaml:6: spec.replicas: expected an integer, got the number 2147483648, beyond int32',
    );
    const job = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  parallelism: 1e10\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n';
    expect(problems(() => parseManifests(job, 'j.yaml'))).toContain('j.yaml:5: spec.parallelism: expected an integer, got the number 10000000000, beyond int32');
    const cron = 'apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: "* * * * *"\n  successfulJobsHistoryLimit: "3"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n';
    expect(problems(() => parseManifests(cron, 'c.yaml'))).toContain('c.yaml:6: spec.successfulJobsHistoryLimit: expected an integer, got the string "3"');
  });
  test('the exact value of an integer as go-yaml reads its text', () => {
    expect([exactInteger('9223372036854775807'), exactInteger('-0x10'), exactInteger('0644'), exactInteger('1_000'), exactInteger('3e2')]).toEqual([
      9223372036854775807n, -16n, 420n, 1000n, undefined,
    ]);
  });
});

describe('unrendered Helm templates', () => {
  test('a control line ({{- if }}) makes a YAML syntax error: said to be a template', () => {
    const text = `{{- if .Values.enabled }}\n${deployment('web')}{{- end }}\n`;
    expect(problems(() => parseManifests(text, 'templates/deploy.yaml'))).toContain(
      'templates/deploy.yaml:1: unrendered Helm template: render it with helm template first',
    );
  });
  test('an unquoted {{ }} value, which YAML reads as a flow mapping', () => {
    const text = deployment('web').replace('image: nginx:1.27', 'image: {{ .Values.image }}');
    expect(problems(() => parseManifests(text, 'deploy.yaml'))).toContain('deploy.yaml:14: unrendered Helm template: render it with helm template first');
  });
  test('a quoted {{ }} in a nodeSelector is refused (it would let a negative matcher pass)', () => {
    const text = deployment('web', '      nodeSelector:\n        pool: "{{ .Values.pool }}"');
    expect(problems(() => parseManifests(text, 'deploy.yaml'))).toContain(
      'deploy.yaml:16: spec.template.spec.nodeSelector.pool: unrendered Helm template: render it with helm template first ("{{ .Values.pool }}")',
    );
  });
  test('templates in fields placement reads: labels (keys too), tolerations, taints, resources, metadata.name', () => {
    const node = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: "{{ .Release.Name }}"\n  labels: {"{{ .Values.key }}": x}\nspec:\n  taints: [{key: a, value: "{{ .Values.v }}", effect: NoSchedule}]\nstatus:\n  allocatable: {cpu: "{{ .Values.cpu }}"}\n';
    const msg = problems(() => parseManifests(node, 'node.yaml'));
    expect(msg).toContain('node.yaml:4: metadata.name: unrendered Helm template');
    expect(msg).toContain('node.yaml:5: metadata.labels["{{ .Values.key }}"]: unrendered Helm template');
    expect(msg).toContain('node.yaml:7: spec.taints[0].value: unrendered Helm template');
    expect(msg).toContain('node.yaml:9: status.allocatable.cpu: unrendered Helm template');
  });
  test('no false positives: Prometheus rules, Alertmanager templates in block scalars, annotations, ConfigMaps', () => {
    const text = [
      'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: {name: r}\nspec:\n  groups:\n  - name: g\n    rules:\n    - alert: Down\n      annotations:\n        description: "{{ $labels.instance }} is down"',
      'apiVersion: v1\nkind: Secret\nmetadata: {name: am}\nstringData:\n  templates.tmpl: |\n    {{ define "slack.title" }}\n    {{- range .Alerts }}{{ .Labels.alertname }}{{ end }}\n    {{ end }}',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  annotations: {note: "{{ x }}"}\ndata:\n  tpl: "{{ .Values.x }}"',
      deployment('web').replace('metadata:\n  name: web', 'metadata:\n  name: web\n  annotations: {checksum/config: "{{ sha }}"}').trimEnd(),
    ].join('\n---\n');
    expect(parseManifests(text).length).toBe(4);
  });
});

describe('chart folders and ignore patterns', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charts-'));
  mkdirSync(path.join(dir, 'chart/web/templates'), { recursive: true });
  mkdirSync(path.join(dir, 'deploy'), { recursive: true });
  writeFileSync(path.join(dir, 'chart/web/Chart.yaml'), 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
  writeFileSync(path.join(dir, 'chart/web/values.yaml'), 'image: nginx\n');
  writeFileSync(path.join(dir, 'chart/web/templates/deploy.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n');
  writeFileSync(path.join(dir, 'deploy/web.yaml'), deployment('web'));
  writeFileSync(path.join(dir, 'deploy/values-prod.yaml'), 'replicas: 3\n');

  test('a chart directory is refused once, saying to render it', () => {
    const msg = problems(() => loadManifests('chart/web', { cwd: dir }));
    expect(msg).toBe(
      "1 problem(s) in the manifests:\n  chart/web is a Helm chart (Chart.yaml): render it with renderChart('chart/web', { release: 'web' }), or leave it out with '!chart/web/**'",
    );
  });
  test('also when a glob reaches into it, or a directory above it', () => {
    expect(problems(() => loadManifests('**/*.yaml', { cwd: dir }))).toContain('chart/web is a Helm chart (Chart.yaml)');
    expect(problems(() => loadManifests('chart/web/templates', { cwd: dir }))).toContain('chart/web is a Helm chart (Chart.yaml)');
    expect(problems(() => loadManifests('.', { cwd: path.join(dir, 'chart/web') }))).toContain(`${path.join(dir, 'chart/web')} is a Helm chart (Chart.yaml)`);
    expect(loadManifests('../../deploy/web.yaml', { cwd: path.join(dir, 'chart/web') }).length).toBe(1);
  });
  test('negated patterns in the list and the ignore option leave files out', () => {
    expect(loadManifests(['**/*.yaml', '!chart/**', '!**/values*.yaml'], { cwd: dir }).all().map(String)).toEqual(['Deployment default/web (deploy/web.yaml:1)']);
    expect(loadManifests('deploy', { cwd: dir, ignore: '**/values*.yaml' }).length).toBe(1);
    expect(loadManifests(['deploy', '**/*.yaml'], { cwd: dir, ignore: ['chart/**', 'deploy/values-*'] }).length).toBe(1);
  });
  test('a **/ pattern leaves files out of a directory outside cwd too (glob\'s ** never crosses ..)', () => {
    const cwd = path.join(dir, 'chart/web');
    expect(loadManifests('../../deploy', { cwd, ignore: '**/values*.yaml' }).all().map(String)).toEqual(['Deployment default/web (../../deploy/web.yaml:1)']);
    expect(loadManifests(['../../deploy', '!**/values*.yaml'], { cwd }).length).toBe(1);
  });
  test('a pattern whose every file is ignored is an error', () => {
    expect(problems(() => loadManifests(['deploy/values-*', '!**/values*.yaml'], { cwd: dir }))).toContain('deploy/values-*: every file this pattern matches (1) is ignored');
  });
});

describe('views: nodes() and nodePools() refuse to be empty', () => {
  const karpenter = [
    'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: default}\nspec:\n  template:\n    spec:\n      taints: [{key: a, effect: NoSchedule}]\n      requirements: [{key: karpenter.sh/capacity-type, operator: In, values: [spot], minValues: 1}]\n      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}',
    'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: gpu}\nspec: {template: {spec: {requirements: []}}}',
    'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: {name: default}',
    'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: {name: gpu}',
  ].join('\n---\n');
  test('nodes() of a collection without Node says what was found', () => {
    expect(() => parseManifests(karpenter).nodes()).toThrow(
      'no Node objects among 4 loaded objects (found NodePool ×2, EC2NodeClass ×2); Karpenter NodePools are read with nodePools()',
    );
  });
  test('nodePools() returns karpenter.sh NodePools; throws when there is none', () => {
    expect(parseManifests(karpenter).nodePools().map((p) => p.spec?.template?.spec?.requirements?.[0]?.minValues)).toEqual([1, undefined]);
    expect(() => parseManifests(deployment('web')).nodePools()).toThrow('no NodePool (karpenter.sh) objects among 1 loaded object (found Deployment)');
  });
  test('a NodePool with a boolean taint value is refused like a Node', () => {
    expect(problems(() => parseManifests(karpenter.replace('{key: a, effect', '{key: a, value: on, effect'), 'np.yaml'))).toContain(
      'np.yaml:7: spec.template.spec.taints[0].value: expected a string, got the boolean true',
    );
  });
  test('workloads() may be empty (a collection of nodes or CRDs is normal; test.each refuses an empty table itself)', () => {
    expect(parseManifests(karpenter).workloads()).toEqual([]);
  });
});

describe('field lines for validation messages', () => {
  const text = deployment('web', '      tolerations:\n      - key: dedicated\n        operator: Equal\n        value: gpu\n      nodeSelector:\n        kubernetes.io/os: linux');
  test('the line of a dotted field path, of a key with dots, of a missing field (its nearest ancestor)', () => {
    const web = parseManifests(text, 'deploy.yaml').get('deploy/web');
    expect(fieldLine(web, 'spec.template.spec.tolerations[0].value')).toBe(18);
    expect(fieldLine(web, 'spec.template.spec.tolerations[0]')).toBe(16);
    expect(fieldLine(web, 'spec.template.spec.nodeSelector[kubernetes.io/os]')).toBe(20);
    expect(fieldLine(web, 'spec.template.spec.nodeSelector["kubernetes.io/os"]')).toBe(20);
    expect(fieldLine(web, 'spec.template.spec.containers[0].resources')).toBe(13);
    expect(fieldLocation(web, 'spec.template.spec.tolerations[0].value')).toBe('deploy.yaml:18');
  });
  test('List items and files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lines-'));
    writeFileSync(path.join(dir, 'nodes.yaml'), '# nodes\napiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n- metadata:\n    name: b\n  spec:\n    taints:\n    - {key: k, effect: NoSchedule}\n');
    const b = loadManifests('nodes.yaml', { cwd: dir }).get('node/b');
    expect(origin(b)?.line).toBe(6);
    expect(fieldLocation(b, 'spec.taints[0].effect')).toBe('nodes.yaml:10');
    expect(fieldLocation(b, 'metadata.name')).toBe('nodes.yaml:7');
  });
  test('one JSON object per line', () => {
    const m = parseManifests('{"apiVersion":"v1","kind":"Node","metadata":{"name":"a"}}\n\n{"apiVersion":"v1","kind":"Node","metadata":{"name":"b"},"spec":{}}', 'n.jsonl');
    expect(fieldLocation(m.get('node/b'), 'spec.taints')).toBe('n.jsonl:3');
  });
  test('objects the loader did not make have no line', () => {
    expect(fieldLine({ kind: 'Pod' }, 'spec')).toBeUndefined();
    expect(fieldLocation({ kind: 'Pod' }, 'spec')).toBeUndefined();
  });
});

describe('tags Kubernetes ignores', () => {
  test('unknown tags (!!js/function, !Ref, a tagged mapping) keep the value as written', () => {
    const m = parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  a: !!js/function "function () {}"\n  b: !Ref web\nextra: !custom {x: 1}\nlist: !seq [1]\n');
    expect(m.get('configmap/c')).toMatchObject({ data: { a: 'function () {}', b: 'web' }, extra: { x: 1 }, list: [1] });
  });
});
