// Known deviations: differences between the library and upstream that are understood and accepted for now. Each
// entry names the one field it excuses, says why and where upstream decides it, and carries a witness: a case that
// must still differ and be explained by the entry on every run, so that a fixed or vanished deviation fails the run
// instead of hiding new ones. An entry never excuses a whole case, in one of two ways:
// - `rewrite`: an input field the library reads otherwise. The case is asked again, of both sides, with that field
//   as the library would need it (a node's missing allocatable made explicit, the Services left out); the answers
//   must then be equal, every field of them. run.ts applies the rewrites that apply one after another until the
//   answers agree.
// - `excuses`: one field of the answer (a difference), judged on its own; every other difference of the case must
//   be excused too, by this entry or another.
import type { Difference } from './compare';
import { libraryProvision } from './karpenter-provision';

export interface KnownDeviation {
  id: string;
  domain: string;
  /** The field the entry excuses: an input field (`rewrite`) or a field of the answer (`excuses`). */
  field: string;
  reason: string;
  upstream: string;
  /**
   * The case with `field` as the library would need it, or undefined when the case does not have it; `upstream` is
   * the oracle's answer to the case (some rewrites read what upstream refused).
   */
  rewrite?(input: any, upstream: any): unknown;
  /** Does the entry excuse this one difference (an answer field) of the case? */
  excuses?(input: any, diff: Difference): boolean;
  /** A case in the class, checked against the oracle on every run. */
  witness: unknown;
  /** The releases (e.g. ['1.37']) the entry applies to; every release when absent. */
  releases?: readonly string[];
}

/** The entries that hold for a release: a release-specific deviation never hides a difference in another release. */
export function knownFor(release: string): KnownDeviation[] {
  return KNOWN.filter((k) => !k.releases || k.releases.includes(release));
}

/**
 * The `excuses` entries that explain every one of the differences, or undefined when one is left (the frozen
 * regression tests use this without an oracle; run.ts also tries the rewrites).
 */
export function excusedBy(entries: readonly KnownDeviation[], input: unknown, diffs: readonly Difference[]): KnownDeviation[] | undefined {
  const used = new Set<KnownDeviation>();
  for (const d of diffs) {
    const entry = entries.find((k) => k.excuses?.(input, d));
    if (!entry) return undefined;
    used.add(entry);
  }
  return [...used];
}

/** A copy of the nodes with `change` applied to those `which` selects (the rewrites of node fields). */
export function withNodes<T extends { nodes: any[] }>(input: T, which: (n: any) => boolean, change: (n: any) => any): T | undefined {
  if (!input.nodes.some(which)) return undefined;
  return { ...input, nodes: input.nodes.map((n) => (which(n) ? change(n) : n)) };
}

/** Neither status.allocatable nor status.capacity: upstream's allocatable is empty (0 of everything). */
const noResources = (n: any) => !n.status?.allocatable && !n.status?.capacity;
const withEmptyAllocatable = (n: any) => ({ ...n, status: { ...n.status, allocatable: {} } });

const NAMESPACES = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } } },
];
const pod = (spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec },
});
const node = (name: string, status: Record<string, unknown> = { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } }) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status,
});

export const KNOWN: KnownDeviation[] = [
  {
    id: 'node-without-allocatable',
    domain: 'scheduling',
    field: 'nodes[].status.allocatable (absent, and no capacity)',
    reason: 'By design (README "Allocatable rule"): a node with no status.allocatable is unconstrained for resources, ' +
      'because hand-written fixtures seldom declare capacity; upstream sees allocatable 0 (no pod fits: "Too many pods"). ' +
      'configure({ requireAllocatable: true }) makes such a node an error instead. Rewritten: `allocatable: {}`, which ' +
      'the library reads as upstream reads the absent one.',
    upstream: 'pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest (len(pods)+1 > allowedPodNumber)',
    rewrite: (input) => withNodes(input, noResources, withEmptyAllocatable),
    witness: { pod: pod(), nodes: [node('n0', {})], pods: [], namespaces: NAMESPACES },
  },
  {
    id: 'prefilter-narrowed-plugin-name',
    domain: 'scheduling',
    field: 'nodes[].plugin of a node a PreFilterResult leaves out',
    reason: 'For the nodes a PreFilterResult leaves out, upstream\'s status carries no plugin; the library names the ' +
      'plugin that narrowed (NodeAffinity for matchFields metadata.name) so that its message can say who left the node out. ' +
      'Code and reason ("node(s) didn\'t satisfy plugin(s) [NodeAffinity]") are equal.',
    upstream: 'pkg/scheduler/schedule_one.go findNodesThatFitPod (SetAbsentNodesStatus with fwk.NewStatus, no plugin)',
    excuses: (_input, d) => / plugin$/.test(d.field) && d.upstream === '' && typeof d.ours === 'string' && d.ours !== '',
    witness: {
      pod: pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n0'] }] }] } } } }),
      nodes: [node('n0'), node('n1')], pods: [], namespaces: NAMESPACES,
    },
  },
  {
    id: 'bind-mount-options-dropped-on-create',
    domain: 'scheduling',
    field: 'pod.spec.containers[].volumeMounts[].bindMountOptions',
    releases: ['1.37'],
    reason: 'volumeMounts[].bindMountOptions is alpha at 1.37 (VolumeBindMountOptions, off by default) and the API server ' +
      'drops it on create while the gate is off, so in a default 1.37 cluster the scheduler never sees it and ' +
      'NodeDeclaredFeatures never requires the node feature VolumeBindMountOptions. The library answers for the pod as ' +
      'the API server stores it (src/scheduler/plugins/nodedeclaredfeatures/features.ts); the oracle schedules the ' +
      'object as given, so its NodeDeclaredFeatures rejects nodes that do not declare VolumeBindMountOptions.',
    upstream: 'pkg/api/pod/util.go dropDisabledFields (VolumeBindMountOptions); k8s.io/component-helpers/nodedeclaredfeatures/' +
      'features/volumebindmountoptions InferForScheduling (v1.37.2)',
    // the pod as the API server stores it: without the field
    rewrite: (input) => (JSON.stringify(input.pod.spec).includes('"bindMountOptions"') ? { ...input, pod: JSON.parse(JSON.stringify(input.pod), (k, v) => (k === 'bindMountOptions' ? undefined : v)) } : undefined),
    witness: {
      pod: pod({ containers: [{ name: 'c', image: 'registry.example/app:1', volumeMounts: [{ name: 'scratch', mountPath: '/scratch', bindMountOptions: ['ro'] }] }], volumes: [{ name: 'scratch', emptyDir: {} }] }),
      nodes: [node('n0'), { ...node('n1'), status: { allocatable: { cpu: '1', memory: '1Gi', pods: '110' }, declaredFeatures: ['VolumeBindMountOptions'] } }],
      pods: [], namespaces: NAMESPACES,
    },
  },
  {
    id: 'go-syntax-bad-values-1.33',
    domain: 'create',
    field: 'errors[].body (the bad value)',
    releases: ['1.33'],
    reason: 'Before 1.34 (#132513, #132472) field.Error.ErrorBody prints a bad value that is not a string, number, bool or ' +
      'Stringer with Go\'s %#v: `map[string]string{"app":"web"}`, `v1.LabelSelector{MatchLabels:…}`, `core.Taint{…}`, ' +
      '`resource.Quantity{i:resource.int64Amount{value:100, scale:-3}, …}`, `[]string(nil)`; from 1.34 it is JSON, as the ' +
      'library prints it at every release. The library has no renderer of Go\'s internal types; only such values differ ' +
      '(same fields, same error type, same detail).',
    upstream: 'k8s.io/apimachinery@v0.33.13 pkg/util/validation/field/errors.go ErrorBody (default case: fmt.Sprintf("%s: %#v"))',
    excuses: (_input, d) => d.field.startsWith('errors at ') && sameButGoValues(d.ours as FieldErrors, d.upstream as FieldErrors),
    witness: {
      object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: {}, template: { metadata: { labels: {} }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }] } } } },
      extendedResourceToleration: false,
    },
  },
  {
    id: 'go-syntax-bad-values-1.33-selector',
    domain: 'labelSelector',
    field: 'error (the bad value)',
    releases: ['1.33'],
    reason: 'As go-syntax-bad-values-1.33, in LabelSelectorAsSelector\'s errors: a missing values list prints as `[]string(nil)` ' +
      'at 1.33 (`null` from 1.34).',
    upstream: 'k8s.io/apimachinery@v0.33.13 pkg/util/validation/field/errors.go ErrorBody',
    excuses: (_input, d) => d.field === 'error' && typeof d.ours === 'string' && Array.isArray(d.upstream) &&
      d.upstream.length === 1 && goValueOnly(d.ours, d.upstream[0]),
    witness: { selector: { matchExpressions: [{ key: 'app', operator: 'In' }] }, labels: [{}] },
  },
  {
    id: 'negative-quantity-scaled-value',
    domain: 'quantity',
    field: 'value, milliValue (of a negative amount)',
    reason: 'For a negative amount held as inf.Dec (a fraction below 1n, or a binary suffix with a fraction), upstream\'s ' +
      'Value()/MilliValue() truncate toward zero and then add 1 when there is a remainder: -.1n gives 1, -.1Gi gives ' +
      '-107374181 (ceil is -107374182). The library rounds away from zero (-1, -107374183). Unreachable with valid ' +
      'objects: validation refuses negative requests, limits, allocatable and capacity (ValidateResourceQuantityValue).',
    upstream: 'k8s.io/apimachinery/pkg/api/resource/scale_int.go scaledValue (fast path: int64 / then +1 if mod != 0)',
    excuses: (input, d) => String(input.text).startsWith('-') && (d.field === 'value' || d.field === 'milliValue'),
    witness: { text: '-.1n' },
  },
  {
    id: 'system-priority-class-exists',
    domain: 'create',
    field: 'priorityClass refused',
    reason: 'Every cluster holds system-node-critical and system-cluster-critical (the API server creates them at start, ' +
      'its scheduling/bootstrap-system-priority-classes post-start hook), so a class of one of those names that validation ' +
      'accepts is an update of it, and its preemptionPolicy is immutable: configure({ priorityClasses }) refuses one ' +
      'whose preemptionPolicy differs, with the update\'s error. The oracle\'s create path runs on an empty store, where ' +
      'the create succeeds.',
    upstream: 'pkg/apis/scheduling/v1/helpers.go systemPriorityClasses, pkg/registry/scheduling/rest/storage_scheduling.go ' +
      'AddSystemPriorityClasses, pkg/apis/scheduling/validation/validation.go ValidatePriorityClassUpdate',
    excuses: (input, d) => d.field === 'priorityClass refused' && input.object?.kind === 'PriorityClass' &&
      ['system-node-critical', 'system-cluster-critical'].includes(input.object.metadata?.name) &&
      input.object.preemptionPolicy != null && input.object.preemptionPolicy !== 'PreemptLowerPriority' &&
      (d.ours as { refused?: boolean }).refused === true && (d.upstream as { kind?: string }).kind === 'PriorityClass',
    witness: {
      object: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-node-critical' }, value: 2000001000, preemptionPolicy: 'Never' },
      extendedResourceToleration: false,
    },
  },
  {
    id: 'unknown-fields-not-refused',
    domain: 'create',
    field: 'object fields the schema does not have (strict decoding)',
    reason: 'kubectl sends fieldValidation=Strict by default, so the API server refuses a field its schema does not have ' +
      '(`nodeSelectr:`, `tolerationz:`) with "strict decoding error: unknown field". The library type-checks only the ' +
      'fields placement reads (src/loader/typecheck.ts SHAPES) and has no full schema of the built-in kinds, so it ' +
      'ignores unknown fields and answers on the rest of the object.',
    upstream: 'staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go (strict: sigs.k8s.io/json UnmarshalStrict), ' +
      'apiserver pkg/endpoints/handlers/create.go (fieldValidation Strict -> BadRequest)',
    rewrite: withoutUnknownFields,
    witness: {
      object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], nodeSelectr: { a: 'b' } } },
      extendedResourceToleration: false,
    },
  },
  {
    id: 'yaml-float-key-text',
    domain: 'yaml',
    field: 'json (float mapping keys)',
    reason: 'sigs.k8s.io/yaml turns a float mapping key into text with strconv.FormatFloat(f, \'g\', -1, 32): 32-bit ' +
      'precision, so `1.23456789:` becomes the key "1.2345679" (and 1e6 "1e+06"). js-yaml keeps the key as written ' +
      '("1.23456789"), and the loader does not know afterwards which keys were plain floats. Float keys do not occur in ' +
      'the fields placement reads (labels and selectors are strings).',
    upstream: 'sigs.k8s.io/yaml@v1.6.0 yaml.go convertToJSONableObject (case float64: FormatFloat(typedKey, \'g\', -1, 32))',
    // (with the block-scalar deviation below in the same case when the text has no final newline)
    excuses: (input, d) => d.field.startsWith('json at ') && /"-?(\d+\.\d*|\.\d+)(e[-+]?\d+)?":/i.test(String(d.ours)) &&
      sameUpTo(JSON.parse(d.ours as string), JSON.parse(d.upstream as string), { floatKeys: true, finalNewline: !input.text.endsWith('\n') }),
    witness: { text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  1.23456789: "yes"\n' },
  },
  {
    id: 'yaml-block-scalar-at-end-without-newline',
    domain: 'yaml',
    field: 'json (the last block scalar)',
    reason: 'A clipped block scalar (`|`, `>`) on the last line of a text that does not end with a line break: go-yaml ' +
      'keeps no final newline (there is none), js-yaml adds one. Only a file without a trailing newline whose last ' +
      'value is a block scalar is affected.',
    upstream: 'go.yaml.in/yaml/v2@v2.4.3 scannerc.go yaml_parser_scan_block_scalar (chomping: the trailing break kept only if read)',
    excuses: (input, d) => !input.text.endsWith('\n') && d.field.startsWith('json at ') &&
      sameUpTo(JSON.parse(d.ours as string), JSON.parse(d.upstream as string), { finalNewline: true }),
    witness: { text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: |\n    line one' },
  },
  {
    id: 'yaml-merge-key-overridden',
    domain: 'yaml',
    field: 'refused (a key both merged and set)',
    reason: 'Strict go-yaml v2 (UnmarshalStrict, which YAMLToJSONStrict uses) counts a key that a `<<` merge brings in and ' +
      'the mapping also sets (or two merged mappings both set) as a duplicate. `kubectl apply -f` decodes YAML ' +
      'non-strictly (the explicit key wins, as YAML\'s merge type says), so the cluster takes such a manifest: the ' +
      'library follows kubectl here and refuses only keys written twice.',
    upstream: 'go.yaml.in/yaml/v2@v2.4.3 decode.go (d.strict: "key %#v already set in map" over merged keys); ' +
      'k8s.io/apimachinery/pkg/util/yaml/decoder.go (kubectl: yaml.YAMLToJSON, not strict)',
    excuses: (input, d) => input.text.includes('<<') && d.field.startsWith('refused by upstream') && /already set in map/.test(String(d.upstream)),
    witness: { text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  base: &base {x: a}\n  b:\n    <<: *base\n    x: b\n' },
  },
  {
    id: 'yaml-dash-in-flow',
    domain: 'yaml',
    field: 'refused (a lone - in a flow collection)',
    reason: 'A lone `-` as a plain scalar inside a flow collection (`{x: -, y: 1}`): go-yaml reads the string "-", js-yaml ' +
      'stops with "missed comma between flow collection entries". The loader refuses a document kubectl takes.',
    upstream: 'go.yaml.in/yaml/v2@v2.4.3 scannerc.go (plain scalars in flow context)',
    excuses: (input, d) => /[:,[{]\s*-\s*[,}\]]/.test(input.text) && d.field.startsWith('refused by ours'),
    witness: { text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: {x: -, y: b}\n' },
  },
  {
    id: 'stale-controller-taints-kept',
    domain: 'nodeConditionTaints',
    field: 'taints (controller-keyed taints the node lists)',
    reason: 'The library keeps every taint the node itself lists (admitNode counts them as the node\'s own, ownCount, and ' +
      'a fixture that writes node.kubernetes.io/unschedulable or not-ready means it); upstream\'s doNoScheduleTaintingPass ' +
      'removes a NoSchedule taint with a condition key (or unschedulable) that the conditions and spec.unschedulable do not ' +
      'call for, and a Ready=True/False/Unknown condition removes the NoExecute taint it does not call for. Only such ' +
      'removals are covered: order and added taints must still be equal. node-helpers.ts withCondition applies the removal.',
    upstream: 'pkg/controller/nodelifecycle/node_lifecycle_controller.go doNoScheduleTaintingPass (TaintSetDiff, SwapNodeControllerTaint); markNodeAsReachable / markNodeForTainting',
    excuses: (input, d) => {
      const CONTROLLER = /^node\.kubernetes\.io\/(not-ready|unreachable|memory-pressure|disk-pressure|pid-pressure|network-unavailable|unschedulable)$/;
      const own: Array<{ key: string; effect: string }> = input.node.spec?.taints ?? [];
      if (d.field !== 'taints') return false;
      const kept = (d.ours as Array<{ key: string; effect: string }>).filter((t) => !(CONTROLLER.test(t.key) &&
        own.some((o) => o.key === t.key && o.effect === t.effect) &&
        !(d.upstream as Array<{ key: string; effect: string }>).some((u) => u.key === t.key && u.effect === t.effect)));
      return JSON.stringify(kept) === JSON.stringify(d.upstream);
    },
    witness: { node: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, spec: { taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }, status: { conditions: [] } } },
  },
  {
    id: 'unknown-fields-not-refused-on-update',
    domain: 'updateSelf',
    field: 'object fields the schema does not have (strict decoding), on an update of itself',
    reason: 'As unknown-fields-not-refused, for an object read from a cluster and written back: the library has no full ' +
      'schema of the built-in kinds and ignores a field the release does not have (a CSIDriver\'s serviceAccountTokenInSecrets before 1.35).',
    upstream: 'staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go (strict: sigs.k8s.io/json UnmarshalStrict)',
    rewrite: withoutUnknownFields,
    witness: {
      object: { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3', uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '1' }, provisioner: 'ebs.csi.aws.com', provisionr: 'x' },
      extendedResourceToleration: false,
    },
  },
  {
    id: 'go-syntax-bad-values-1.33-on-update',
    domain: 'updateSelf',
    field: 'errors[].body (the bad value), on an update of itself',
    releases: ['1.33'],
    reason: 'As go-syntax-bad-values-1.33, for an object read from a cluster and written back (a RuntimeClass\'s overhead ' +
      'quantity, a repeated toleration\'s tolerationSeconds pointer; a Job\'s template labels, as ValidateHasLabel and the ' +
      'unmatched selector print them, and its whole template, with its pointers\' addresses, when PodLevelResources off ' +
      'drops a `resources: {}` and validatePodTemplateUpdate finds it changed).',
    upstream: 'k8s.io/apimachinery@v0.33.13 pkg/util/validation/field/errors.go ErrorBody (default case: fmt.Sprintf("%s: %#v"))',
    excuses: (_input, d) => d.field.startsWith('errors at ') && sameButGoValues(d.ours as FieldErrors, d.upstream as FieldErrors),
    witness: {
      object: { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor', uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '1' }, handler: 'runsc', overhead: { podFixed: { 'example.com/dev': '1.5' } } },
      extendedResourceToleration: false,
    },
  },
  {
    id: 'pod-spec-diff-empty-lists-1.33',
    domain: 'updateSelf',
    field: 'errors[].body of the `spec` Forbidden (its go-cmp diff), on a Pod\'s update of itself',
    releases: ['1.33'],
    reason: 'With PodLevelResources off, PrepareForUpdate drops a stored `resources: {}`, and ValidatePodUpdate refuses the ' +
      'changed spec with cmp.Diff(old, new) (the library writes it: the resources line and its two fields of context). ' +
      'The other drop functions it runs turn empty lists into nil (dropImageVolumes rebuilds `volumes: []` and each ' +
      'container\'s `volumeMounts: []` as nil with ImageVolume off), which Semantic.DeepEqual holds equal but go-cmp prints, ' +
      'with the containers around them as context; the library does not render those (same field, same first line).',
    upstream: 'pkg/apis/core/validation/validation.go ValidatePodUpdate (cmp.Diff); pkg/api/pod/util.go dropImageVolumes, v1.33.13',
    excuses: (_input, d) => d.field.startsWith('errors at ') && sameButPodSpecDiff(d.ours as FieldErrors, d.upstream as FieldErrors),
    witness: {
      object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' }, spec: { volumes: [], containers: [{ name: 'c', image: 'registry.example/app:1' }], resources: {} } },
      extendedResourceToleration: false,
    },
  },
];

const POD_SPEC_DIFF = 'Forbidden: pod updates may not change fields other than ';
/**
 * The lists are equal once the `spec` Forbidden of ValidatePodUpdate is cut to its first line, and upstream's diff
 * removes more lines than the library's (what else the drop functions changed).
 */
function sameButPodSpecDiff(ours: FieldErrors, upstream: FieldErrors): boolean {
  const isDiff = (e: { field: string; body: string }) => e.field === 'spec' && e.body.startsWith(POD_SPEC_DIFF);
  const cut = (es: FieldErrors) => es.map((e) => (isDiff(e) ? { ...e, body: e.body.split('\n')[0] } : e));
  const removed = (es: FieldErrors) => es.filter(isDiff).map((e) => e.body.split('\n- ').length).join();
  // (at 1.33 another error of the case may print its value in Go syntax: go-syntax-bad-values-1.33-on-update)
  const same = JSON.stringify(cut(ours)) === JSON.stringify(cut(upstream)) || sameButGoValues(cut(ours), cut(upstream));
  return ours.some(isDiff) && same && removed(ours) !== removed(upstream) &&
    upstream.filter(isDiff).every((e) => e.body.split('\n- ').length > 2);
}

/** The object without the fields strict decoding names (upstream's only refusal): both sides must then answer alike on the rest of it. */
function withoutUnknownFields(input: any, upstream: any): any {
  const strict: string[] | undefined = upstream?.strict;
  if (!strict?.length || !strict.every((e) => /^unknown field "[^"]+"$/.test(e))) return undefined;
  const object = structuredClone(input.object);
  for (const e of strict) deletePath(object, /^unknown field "([^"]+)"$/.exec(e)![1]);
  return { ...input, object };
}

/** Deletes a field named as the strict decoder names it (`spec.containers[0].imagePullPolicyy`). */
function deletePath(object: any, path: string): void {
  const parts = path.split('.').flatMap((p) => p.split(/\[(\d+)\]/).filter((x) => x !== ''));
  let at = object;
  for (const p of parts.slice(0, -1)) at = at?.[p];
  if (at && typeof at === 'object') delete at[parts[parts.length - 1]];
}

// ---- e2e -------------------------------------------------------------------------------------------------------

const E2E_NODE = (name: string, status: Record<string, unknown>) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'z1' } }, spec: {}, status,
});
const READY = [{ type: 'MemoryPressure', status: 'False' }, { type: 'DiskPressure', status: 'False' }, { type: 'PIDPressure', status: 'False' }, { type: 'Ready', status: 'True' }];
const E2E_HEALTHY = { capacity: { cpu: '2', memory: '4Gi', pods: '110' }, allocatable: { cpu: '2', memory: '4Gi', pods: '110' }, conditions: READY };
const e2eCase = (workload: Record<string, unknown>, nodes: unknown[], more: Record<string, unknown> = {}) => ({
  workload, nodes, pods: [], replicas: [], namespaces: NAMESPACES, services: [], runtimeClasses: [], extendedResourceToleration: false, ...more,
});
const E2E_POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } };

/** What tryUpdateNodeHealth writes for a node whose kubelet never posted a Ready condition, past its startup grace period. */
const NEVER_POSTED = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];
const hasReady = (n: any) => (n.status?.conditions ?? []).some((c: { type: string }) => c.type === 'Ready');
function neverPosted(n: any) {
  const conditions = (n.status?.conditions ?? []).map((c: { type: string }) => (NEVER_POSTED.includes(c.type) ? { ...c, status: 'Unknown' } : c));
  for (const type of NEVER_POSTED) if (!conditions.some((c: { type: string }) => c.type === type)) conditions.push({ type, status: 'Unknown' });
  return { ...n, status: { ...n.status, conditions } };
}

const E2E_KNOWN: KnownDeviation[] = [
  {
    id: 'dumped-workload-host-aliases-unchecked',
    domain: 'e2e',
    field: 'rejected: errors at hostAliases of a workload read from a cluster',
    reason: 'A workload that carries what only the API server writes (a status, metadata.uid, resourceVersion or ' +
      'creationTimestamp) is read as a dump and checked as an update of itself, with the fields placement never reads ' +
      'whose rules tightened within the supported releases set apart as unchecked (src/engine/validate.ts UNREAD: ' +
      'hostAliases, which support bundles redact and StrictIPCIDRValidation tightened at 1.36); the e2e question asks ' +
      'its update of itself too (oracle/shared/e2e.go readFromCluster), and upstream refuses them. Met by kubernetes/api\'s placeholder DaemonSet in the corpus pass (its status is ' +
      'filled; hostAliases ip `ipValue`, hostnames `hostnamesValue`); every other error of it is compared (at 1.33 … 1.36 ' +
      'once unknown-fields-not-refused has taken out the 1.37 fields those releases refuse by strict decoding).',
    upstream: 'pkg/apis/core/validation/validation.go ValidateHostAliases (IsValidIPForLegacyField, ValidateDNS1123Subdomain)',
    // (at 1.33 the rest may differ only as go-syntax-bad-values-1.33 says: the two together)
    excuses: (input, d) => {
      const aliases = (e: { field: string }) => /(^|\.)hostAliases\[\d+\]\./.test(e.field);
      if (!/^refused workload errors at /.test(d.field) || !readFromCluster(input.workload) || !(d.upstream as FieldErrors).some(aliases)) return false;
      const rest = (es: FieldErrors) => es.filter((e) => !aliases(e));
      return equalWithout(d.ours as FieldErrors, d.upstream as FieldErrors, aliases) || sameButGoValues(rest(d.ours as FieldErrors), rest(d.upstream as FieldErrors));
    },
    witness: e2eCase({ kind: 'DaemonSet', apiVersion: 'apps/v1', spec: { template: { spec: { hostAliases: [{ hostnames: ['hostnamesValue'] }] } } }, status: { numberReady: 1 } }, []),
  },
  {
    id: 'go-syntax-bad-values-1.33 (e2e)',
    domain: 'e2e',
    field: 'rejected: errors[].body (the bad value)',
    releases: ['1.33'],
    reason: 'As go-syntax-bad-values-1.33 in the create domain, met by the e2e domain since its workloads carry the pod ' +
      'fields placement does not read (generators-podfields.ts): a dnsConfig list too long prints as `[]string{…}`, a ' +
      'seccomp profile with a localhostProfile beside another type as `core.SeccompProfile{…, LocalhostProfile:(*string)' +
      '(0xc…)}` (a pointer\'s address: no text to reproduce), JSON from 1.34 as the library prints it at every release.',
    upstream: 'k8s.io/apimachinery@v0.33.13 pkg/util/validation/field/errors.go ErrorBody (default case: fmt.Sprintf("%s: %#v"))',
    excuses: (_input, d) => /^refused \S+ errors at /.test(d.field) && sameButGoValues(d.ours as FieldErrors, d.upstream as FieldErrors),
    witness: e2eCase({ ...E2E_POD, spec: { containers: [{ name: 'app', image: 'nginx:1.27', securityContext: { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'a.json' } } }] } },
      [E2E_NODE('n0', E2E_HEALTHY)]),
  },
  {
    id: 'node-without-allocatable',
    domain: 'e2e',
    field: 'nodes[].status (neither allocatable nor capacity)',
    reason: 'As in the scheduling domain (README "Allocatable rule"): the library reads a node with neither ' +
      'status.allocatable nor status.capacity as unconstrained; upstream\'s allocatable is empty (Too many pods). ' +
      'Rewritten: `allocatable: {}`.',
    upstream: 'pkg/apis/core/v1/defaults.go SetDefaults_NodeStatus (allocatable from capacity, none without); noderesources/fit.go fitsRequest',
    rewrite: (input) => withNodes(input, noResources, withEmptyAllocatable),
    witness: e2eCase(E2E_POD, [E2E_NODE('n0', { conditions: READY })]),
  },
  {
    id: 'node-without-ready-condition',
    domain: 'e2e',
    field: 'nodes[].status.conditions (no Ready condition)',
    reason: 'The library reads a node that lists no Ready condition as healthy (no condition taints). In a cluster its ' +
      'kubelet never posted status: past nodeStartupGracePeriod (1m, from creationTimestamp) the node lifecycle controller ' +
      'sets Ready, MemoryPressure, DiskPressure and PIDPressure to Unknown (NodeStatusNeverUpdated), and the node gets ' +
      'node.kubernetes.io/unreachable NoSchedule and NoExecute. Rewritten: those conditions Unknown, as the controller writes them.',
    upstream: 'pkg/controller/nodelifecycle/node_lifecycle_controller.go tryUpdateNodeHealth (currentReadyCondition == nil), ' +
      'doNoScheduleTaintingPass, processTaintBaseEviction',
    rewrite: (input) => withNodes(input, (n) => !hasReady(n), neverPosted),
    witness: e2eCase(E2E_POD, [E2E_NODE('n0', { capacity: E2E_HEALTHY.capacity, allocatable: E2E_HEALTHY.allocatable })]),
  },
  {
    id: 'prefilter-narrowed-plugin-name',
    domain: 'e2e',
    field: 'nodes[].plugin of a node a PreFilterResult leaves out',
    reason: 'As in the scheduling domain: for the nodes a PreFilterResult leaves out, upstream\'s status carries no plugin; ' +
      'the library names the plugin that narrowed (NodeAffinity for matchFields metadata.name, NodeName for spec.nodeName) ' +
      'so that its message can say who left the node out. Code and reason are equal. The generator writes neither; the ' +
      'corpus pass (corpus.ts) meets both: DaemonSet pods as dumped (the controller\'s matchFields) and bound pods.',
    upstream: 'pkg/scheduler/schedule_one.go findNodesThatFitPod (SetAbsentNodesStatus with fwk.NewStatus, no plugin)',
    excuses: (_input, d) => / plugin$/.test(d.field) && d.upstream === '' && typeof d.ours === 'string' && d.ours !== '',
    witness: e2eCase({ ...E2E_POD, spec: { ...E2E_POD.spec, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n0'] }] }] } } } } },
    [E2E_NODE('n0', E2E_HEALTHY), E2E_NODE('n1', E2E_HEALTHY)]),
  },
  {
    id: 'unknown-fields-not-refused',
    domain: 'e2e',
    field: 'workload fields the schema does not have (strict decoding)',
    reason: 'As in the create domain: kubectl sends fieldValidation=Strict, so the API server refuses a field its schema ' +
      'does not have; the library type-checks only the fields placement reads and ignores unknown ones. The generator ' +
      'writes none; the corpus pass meets them (karpenter-provider-aws/gpu-nvidia.yaml misspells allowPrivilegeEscalation). ' +
      'Rewritten: the workload without the fields upstream names.',
    upstream: 'staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go (strict: sigs.k8s.io/json UnmarshalStrict), ' +
      'apiserver pkg/endpoints/handlers/create.go (fieldValidation Strict -> BadRequest)',
    rewrite: (input, upstream) => {
      const strict: string[] | undefined = upstream?.rejected?.object === 'workload' ? upstream.rejected.strict : undefined;
      if (!strict?.length || !strict.every((e) => /^unknown field "[^"]+"$/.test(e))) return undefined;
      const workload = structuredClone(input.workload);
      for (const e of strict) deletePath(workload, /^unknown field "([^"]+)"$/.exec(e)![1]);
      return { ...input, workload };
    },
    witness: e2eCase({ ...E2E_POD, spec: { ...E2E_POD.spec, nodeSelectr: { a: 'b' } } }, [E2E_NODE('n0', E2E_HEALTHY)]),
  },
  {
    id: 'statefulset-revision-hash-length',
    domain: 'e2e',
    field: 'rejected / refused pod (a StatefulSet\'s Pods refused for their controller-revision-hash label)',
    reason: 'The StatefulSet controller labels its Pods `controller-revision-hash: <name>-<hash>`, a label value of at most ' +
      '63 bytes that the API server checks on the Pod. The hash is fnv32\'s sum over the revision\'s data (the template ' +
      'as stored, defaults and all) in decimal, 1 to 10 characters; the library cannot compute it and takes 10, as 77 % ' +
      'of sums are, so it refuses the Pods of a set named with 53 characters or more. Where upstream\'s hash is shorter ' +
      '(a name of 53 characters and a 9-character hash) upstream creates them.',
    upstream: 'pkg/controller/history/controller_history.go ControllerRevisionName, HashControllerRevision; ' +
      'pkg/controller/statefulset/stateful_set_utils.go newVersionedStatefulSetPod',
    // ours refuses the pod for the revision label where upstream's shorter hash let it through: to be created
    // (`rejected`), refused later by a validating admission plugin (`refused pod how`), or refused for its other errors
    excuses: (input, d) => {
      if (input.workload.kind !== 'StatefulSet' || (input.workload.metadata?.name ?? '').length < 53) return false;
      type E = { field: string; body: string };
      const revision = (e: E) => e.field === 'metadata.labels' && e.body.includes('-xxxxxxxxxx"');
      const key = (es: E[]) => JSON.stringify(es.map((e) => `${e.field} ${e.body}`).sort());
      if (d.field.startsWith('refused pod errors')) {
        const ours = d.ours as E[];
        return ours.some(revision) && key(ours.filter((e) => !revision(e))) === key(d.upstream as E[]);
      }
      const ours = d.ours as { object?: string; errors?: E[] };
      if (ours?.object !== 'pod' || !ours.errors?.length || !ours.errors.every(revision)) return false;
      return (d.field === 'rejected' && d.upstream === 'accepted') || d.field === 'refused pod how';
    },
    // (nginx:1.40 gives a 9-character hash at every release: the Pod's label is 63 characters)
    witness: e2eCase({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: `db-${'release'.repeat(10)}`.slice(0, 53) }, spec: {
      serviceName: 'db', selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.40' }] } } } },
    [E2E_NODE('n0', E2E_HEALTHY)]),
  },
  // last: it reads the current revision's hash from upstream's answer after the rewrites above changed the template
  {
    id: 'other-revision-pods-counted',
    domain: 'e2e',
    field: 'existing pods\' pod-template-hash label (another revision of the same Deployment, during a rollout)',
    reason: 'A Deployment\'s pods are its ReplicaSet\'s: the deployment controller adds pod-template-hash (the template\'s ' +
      'controller.ComputeHash) to the ReplicaSet\'s selector and the pods\' labels, and a term or constraint with ' +
      'matchLabelKeys [pod-template-hash] gets `pod-template-hash In [<hash>]` merged into its selector. The library cannot ' +
      'compute the hash: its pods carry pod-template-hash this-revision, and `In [<this revision>]` stands for the pods it ' +
      'creates and the Deployment\'s existing pods (its selector, its namespace) that carry a pod-template-hash, taken for ' +
      'the current revision. During a rollout some of them are another revision\'s, which upstream leaves out. Rewritten: ' +
      'those pods carry the current revision\'s hash (upstream\'s, from its answer).',
    upstream: 'pkg/controller/deployment/sync.go getNewReplicaSet; pkg/scheduler/framework/plugins/helper/spread.go DefaultSelector; ' +
      'pkg/registry/core/pod/strategy.go PrepareForCreate (applyMatchLabelKeysAndMismatchLabelKeys)',
    rewrite: (input, upstream) => {
      const hash: string | undefined = upstream?.labels?.['pod-template-hash'];
      if (input.workload.kind !== 'Deployment' || !hash) return undefined;
      const ns = input.workload.metadata?.namespace ?? 'default';
      const selector: Record<string, string> = input.workload.spec?.selector?.matchLabels ?? {};
      // the Deployment's own pods (its selector, its namespace) carrying another revision's hash: the library takes
      // every pod-template-hash of them for the current revision's
      const stale = (p: any) => p.metadata.labels?.['pod-template-hash'] !== undefined && p.metadata.labels['pod-template-hash'] !== hash &&
        (p.metadata.namespace ?? 'default') === ns && Object.entries(selector).every(([k, v]) => p.metadata.labels?.[k] === v);
      if (!input.pods.some(stale)) return undefined;
      return { ...input, pods: input.pods.map((p: any) => (stale(p) ? { ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, 'pod-template-hash': hash } } } : p)) };
    },
    witness: e2eCase({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: E2E_POD.spec } } },
    [E2E_NODE('n0', E2E_HEALTHY), E2E_NODE('n1', E2E_HEALTHY)], { pods: [{ apiVersion: 'v1', kind: 'Pod',
      metadata: { name: 'web-old', namespace: 'default', labels: { app: 'web', 'pod-template-hash': '7d9f8c6b5' } },
      spec: { nodeName: 'n0', containers: [{ name: 'c', image: 'x' }] }, status: { phase: 'Running' } }] }),
  },
];

/** Go's strconv.FormatFloat(x, 'g', -1, 32): the shortest digits that read back as the same float32. */
function goFloat32Text(x: number): string {
  const f = Math.fround(x);
  let digits = '', exp = 0;
  for (let p = 1; p <= 9; p++) {
    const [m, e] = f.toExponential(p - 1).split('e');
    if (Math.fround(Number(`${m}e${e}`)) === f) {
      digits = m.replace(/^-/, '').replace('.', '');
      exp = Number(e);
      break;
    }
  }
  const sign = f < 0 ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const e = `${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const int = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** Equal once ours is mapped the way the deviation says: float keys in Go's text, or one final newline dropped. */
function sameUpTo(ours: unknown, upstream: unknown, how: { floatKeys?: boolean; finalNewline?: boolean }): boolean {
  if (typeof ours === 'string' && typeof upstream === 'string') return ours === upstream || (!!how.finalNewline && ours === `${upstream}\n`);
  if (Array.isArray(ours) && Array.isArray(upstream)) return ours.length === upstream.length && ours.every((o, i) => sameUpTo(o, upstream[i], how));
  if (ours && upstream && typeof ours === 'object' && typeof upstream === 'object' && !Array.isArray(ours) && !Array.isArray(upstream)) {
    const mapped = Object.entries(ours).map(([k, v]) => [how.floatKeys && /^-?(\d+\.\d*|\.\d+)(e[-+]?\d+)?$/i.test(k) ? goFloat32Text(Number(k)) : k, v] as const);
    const theirs = upstream as Record<string, unknown>;
    return mapped.length === Object.keys(theirs).length && mapped.every(([k, v]) => k in theirs && sameUpTo(v, theirs[k], how));
  }
  return JSON.stringify(ours) === JSON.stringify(upstream);
}

type FieldErrors = Array<{ field: string; body: string }>;

/** src/k8s/subject.ts readFromCluster: what only the API server writes, or a status. */
function readFromCluster(o: any): boolean {
  const meta = o?.metadata ?? {};
  return !!(meta.uid || meta.resourceVersion || meta.creationTimestamp) || (o?.status != null && typeof o.status === 'object' && Object.keys(o.status).length > 0);
}

/** The two error lists are equal once the errors `drop` selects are taken out of both. */
function equalWithout(ours: FieldErrors, upstream: FieldErrors, drop: (e: { field: string }) => boolean): boolean {
  const keep = (es: FieldErrors) => JSON.stringify(es.filter((e) => !drop(e)));
  return keep(ours) === keep(upstream);
}

/** A Go %#v rendering of a value (a composite literal or a nil slice/map), where 1.34+ writes JSON. */
const GO_VALUE = /(Invalid|Duplicate|Unsupported) value: (\[\]\w|map\[|\*?[a-z][a-z0-9]*\.[A-Z]\w*\{)/;
/** Every bad value (up to the ": " that starts its detail) replaced: neither Go's %#v nor JSON writes ": " inside. */
const withoutValues = (x: string) => x.replace(/(Invalid|Duplicate|Unsupported) value: (.*?)(: |$)/g, '$1 value: <v>$3');

/** The same errors but for bad values upstream prints in Go syntax: same text around them. */
function goValueOnly(ours: string, upstream: string): boolean {
  return ours !== upstream && GO_VALUE.test(upstream) && withoutValues(ours) === withoutValues(upstream);
}

function sameButGoValues(ours: FieldErrors, upstream: FieldErrors): boolean {
  const norm = (es: FieldErrors) => es.map((e) => `${e.field}\u0000${withoutValues(e.body)}`).sort().join('\n');
  return ours.length === upstream.length && norm(ours) === norm(upstream) && upstream.some((e) => GO_VALUE.test(e.body));
}

KNOWN.push(...E2E_KNOWN);

/**
 * The scheduling domain's deviations, met again by the schedulerConfig domain (config.ts): it asks the same scheduling
 * question (the same cluster generator) with a KubeSchedulerConfiguration and Services beside it, and the library
 * answers each of these inputs as it does without a configuration. Same field, reason, rewrite or excuse; the witness
 * is the scheduling one under a configuration of the default profile alone.
 */
const DEFAULT_CONFIGURATION = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', profiles: [{ schedulerName: 'default-scheduler' }] };
KNOWN.push(...KNOWN.filter((k) => k.domain === 'scheduling').map((k): KnownDeviation => ({
  ...k,
  id: `${k.id} (schedulerConfig)`,
  domain: 'schedulerConfig',
  witness: { ...(k.witness as object), configuration: DEFAULT_CONFIGURATION, services: [] },
})));

/**
 * karpenterProvision: a topology spread on the zone narrows the new NodeClaim to one zone before its instance types
 * are filtered. With nothing counted yet every zone the pod may take has the fewest pods, and upstream takes the first
 * of a Go map walk (topologygroup.go nextDomainTopologySpread), so which instance types remain (and, when none fits
 * there, the error text with its `topology.kubernetes.io/zone In [z]`) depends on the zone drawn. The library does not
 * draw a zone: it keeps the instance types of every zone. The walk is far from uniform (a small Go map starts at
 * a random slot, so the first entry comes first most of the time) and cannot be enumerated by sampling: the library
 * may land where every solve drew a zone without a fitting type. Excused when the pod spreads over zones and some
 * upstream outcome lands on the same pool (or fails too), or, where the library lands, every upstream outcome failed in
 * the zone it drew or landed on a pool later in Karpenter's order (the library's pool failed in that zone); upstream
 * landing on an earlier pool than the library's, or where the library fails, is still a difference.
 */
/** A pool's place in Karpenter's order (OrderByWeight: weight descending, then name descending). */
const poolRank = (input: any) => {
  const order = [...(input?.nodePools ?? [])].sort((a: any, b: any) => ((b.spec?.weight ?? 0) - (a.spec?.weight ?? 0)) || (a.metadata.name < b.metadata.name ? 1 : a.metadata.name > b.metadata.name ? -1 : 0)).map((p: any) => p.metadata.name);
  return (name: string) => order.indexOf(name);
};
/** The pool the library picks when the given one is left out (the zone drawn made it fail upstream). */
const pickedWithout = (input: any, pool: string): string | undefined => {
  const rest = (input?.nodePools ?? []).filter((p: any) => p.metadata?.name !== pool);
  return rest.length ? libraryProvision({ ...input, nodePools: rest }).outcomes[0]?.nodePool || undefined : undefined;
};
const zoneSpread = (input: any) => (input?.pod?.spec?.topologySpreadConstraints ?? []).some((c: any) => c.topologyKey === 'topology.kubernetes.io/zone');
KNOWN.push({
  id: 'karpenter-spread-zone-drawn',
  domain: 'karpenterProvision',
  field: 'outcome',
  reason: 'a zone spread narrows the NodeClaim to a zone upstream draws by map order; the library keeps the instance types of every zone',
  upstream: 'sigs.k8s.io/karpenter pkg/controllers/provisioning/scheduling/topologygroup.go nextDomainTopologySpread, nodeclaim.go tryVolumeAlternative (AddRequirements before filterInstanceTypesByRequirements)',
  excuses: (input, d) => {
    if (!d.field.startsWith('outcome') || !zoneSpread(input)) return false;
    const ours = d.ours as { nodePool: string; error: string };
    const rank = poolRank(input);
    return (d.upstream as Array<{ nodePool: string; error: string }>).some((u) => u.nodePool === ours.nodePool)
      // the library lands where the zone drawn made its pool fail: upstream fails there too, or a later pool takes the
      // pod, or upstream goes on as the library does without that pool (an earlier pool in a later relaxation round)
      || (!ours.error && (d.upstream as Array<{ nodePool: string; error: string }>).every((u) => (u.error ? u.error.includes('topology.kubernetes.io/zone In [')
        : rank(u.nodePool) > rank(ours.nodePool) || u.nodePool === pickedWithout(input, ours.nodePool))));
  },
  witness: {"nodePools":[{"apiVersion":"karpenter.sh/v1","kind":"NodePool","metadata":{"name":"default"},"spec":{"disruption":{"consolidateAfter":"0s"},"template":{"spec":{"requirements":[],"nodeClassRef":{"group":"karpenter.kwok.sh","kind":"KWOKNodeClass","name":"default"}}}}}],"instanceTypes":[{"name":"m5.large","capacity":{"cpu":"1","memory":"2Gi","pods":"4"},"labels":{"kubernetes.io/arch":"amd64","kubernetes.io/os":"linux","example.com/instance-family":"m5"},"offerings":[{"zone":"us-east-1a","capacityType":"on-demand","available":true,"price":0.05}]},{"name":"m5.xlarge","capacity":{"cpu":"1","memory":"2Gi","pods":"4"},"labels":{"kubernetes.io/arch":"amd64","kubernetes.io/os":"linux","example.com/instance-family":"m5"},"offerings":[{"zone":"us-east-1a","capacityType":"on-demand","available":true,"price":0.05}]},{"name":"c6g.large","capacity":{"cpu":"1","memory":"2Gi","pods":"4"},"labels":{"kubernetes.io/arch":"arm64","kubernetes.io/os":"linux","example.com/instance-family":"c6g"},"offerings":[{"zone":"us-east-1a","capacityType":"on-demand","available":true,"price":0.05}]},{"name":"r5.2xlarge","capacity":{"cpu":"1","memory":"2Gi","pods":"4"},"labels":{"kubernetes.io/arch":"amd64","kubernetes.io/os":"linux","example.com/instance-family":"r5"},"offerings":[{"zone":"us-east-1c","capacityType":"on-demand","available":true,"price":0.05}]}],"pod":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"default","uid":"pod-uid","labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"registry.example/app:1"}],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"topology.kubernetes.io/zone","whenUnsatisfiable":"ScheduleAnyway","labelSelector":{"matchLabels":{"app":"web"}}}]},"status":{"phase":"Pending","conditions":[{"type":"PodScheduled","status":"False","reason":"Unschedulable"}]}}},
});
