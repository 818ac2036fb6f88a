// fast-check generators for the create-path oracle's cluster policy objects: PriorityClasses (scheduling.k8s.io/v1)
// and PodDisruptionBudgets (policy/v1) as Helm charts and platform teams write them (system-cluster-critical clones,
// value 1000000, a globalDefault class, preemptionPolicy Never; budgets with minAvailable "50%", 1 or 0,
// maxUnavailable, selectors with matchExpressions, an empty selector, unhealthyPodEvictionPolicy), plus rarer mistakes
// (a percent without `%`, negative numbers, values above 1e9 or beyond int32, both minAvailable and maxUnavailable,
// reserved `system-` names, bad names, labels and finalizers, wrong JSON types).
import fc from 'fast-check';
import { mostly, rarely, half, compact } from './draw';
import type { CreateInput } from './generators-create';


const LONG = 'x'.repeat(64);
const labelKey = mostly(['app', 'tier', 'app.kubernetes.io/name', 'example.com/team'], ['-bad', 'a/b/c', LONG, 'bad key', '']);
const labelValue = mostly(['web', 'db', '', 'v1.2'], ['-x', LONG, 'a b']);
const labels = fc.dictionary(labelKey, labelValue, { maxKeys: 2 });
const annotations = fc.dictionary(mostly(['note', 'helm.sh/resource-policy', 'meta.helm.sh/release-name'], ['bad key', '-a']), fc.constant('v'), { maxKeys: 1 });
const finalizers = fc.constantFrom(['example.com/protect'], ['kubernetes'], ['custom'], ['orphan', 'foregroundDeletion'], ['bad/key/x']);

// (no generateName: the oracle's create path does not draw the name, Store.create does)
const meta = (names: fc.Arbitrary<string>, namespace: fc.Arbitrary<string | undefined>) => fc.record({
  name: names,
  namespace,
  labels: rarely(labels, 3),
  annotations: rarely(annotations, 6),
  finalizers: rarely(finalizers, 10),
}).map(compact);

// --- PriorityClass

const PC_NAMES = ['high-priority', 'low-priority', 'overprovisioning', 'critical-app', 'batch-low', 'system-cluster-critical', 'system-node-critical'];
const PC_BAD_NAMES = ['system-custom', 'system-', 'Bad_Name', '-x', 'a..b', 'x'.repeat(254)];
const PC_VALUES = [1000000, 1000, 100, 0, -1, -10, 1000000000, 2000000000, 2000001000];
// above HighestUserDefinablePriority, int32's bounds (the decoder refuses beyond them), and rarely not an integer
const PC_BAD_VALUES: unknown[] = [1000000001, 2147483647, 2147483648, -2147483648, -2147483649, 1.5, '1000'];

const priorityClassArb = fc.record({
  metadata: meta(mostly(PC_NAMES, PC_BAD_NAMES, 8), rarely(fc.constantFrom('default', 'kube-system'), 8)),
  value: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...PC_VALUES) }, { weight: 1, arbitrary: fc.constantFrom(...PC_BAD_VALUES) }, { weight: 1, arbitrary: fc.constant(undefined) }),
  globalDefault: half(fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant<unknown>('true') })),
  preemptionPolicy: half(mostly(['Never', 'PreemptLowerPriority'], ['', 'never', 'Always'])),
  description: rarely(fc.oneof({ weight: 12, arbitrary: fc.constantFrom<unknown>('Used for the workloads of the platform team.', '') }, { weight: 1, arbitrary: fc.constant<unknown>(5) }), 2),
}).map((o) => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', ...compact(o) }));

// the cluster's classes before it (names none of the drawn ones take): a globalDefault one makes a second refused
const existingClass = (name: string, value: number, globalDefault: boolean) =>
  ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...(globalDefault ? { globalDefault } : {}) });
const existingClasses = fc.constantFrom<Array<Record<string, unknown>>>(
  [existingClass('cluster-default', 1000, true)],
  [existingClass('existing-low', -5, false)],
  [existingClass('existing-low', -5, false), existingClass('cluster-default', 0, true)],
);

export const priorityClassInputArb: fc.Arbitrary<CreateInput> = fc.record({ object: priorityClassArb, existing: rarely(existingClasses, 3) })
  .map(({ object, existing }) => ({ object, extendedResourceToleration: false, ...(existing ? { priorityClasses: existing } : {}) }));

// --- PodDisruptionBudget

const PDB_NAMES = ['web-pdb', 'db', 'zk-pdb', 'ingress-nginx-controller'];
// a budget's name need only be a path segment (validatePathSegment): Bad_Name is accepted
const PDB_BAD_NAMES = ['Bad_Name', 'a/b', '..', '.', 'x%y', 'x'.repeat(300)];
const intOrPercent = (good: readonly (number | string)[]) => fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...good) },
  { weight: 2, arbitrary: fc.constantFrom<number | string>('50', '150%', -1, '1.5%', '', 'abc', ' 50%', '-10%', '100%', '101%') },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(1.5, true, 3000000000, null) },
);
const values = fc.constantFrom([], ['web'], ['web', 'api'], ['bad value'], ['-x']);
const requirement = fc.record({
  key: mostly(['app', 'app.kubernetes.io/name', 'tier'], ['bad key', '', '-x']),
  operator: mostly(['In', 'NotIn', 'Exists', 'DoesNotExist'], ['Gt', 'exists', '']),
  values: half(values),
}, { requiredKeys: ['key', 'operator'] }).map(compact);
const pdbSelector = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ matchLabels: { app: 'web' } }) },
  { weight: 3, arbitrary: fc.record({ matchLabels: half(labels), matchExpressions: fc.array(requirement, { minLength: 1, maxLength: 2 }) }).map(compact) },
  { weight: 2, arbitrary: fc.record({ matchLabels: labels }) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const budgetSpec = fc.record({
  which: fc.constantFrom('min', 'min', 'min', 'max', 'max', 'both', 'neither'),
  minAvailable: intOrPercent(['50%', 1, 0, 2, '100%', '0%', '30%']),
  maxUnavailable: intOrPercent([1, '25%', 0, '10%', 2]),
  selector: pdbSelector,
  unhealthyPodEvictionPolicy: rarely(mostly(['AlwaysAllow', 'IfHealthyBudget'], ['Always', '', 'alwaysAllow']), 4),
}).map(({ which, minAvailable, maxUnavailable, ...rest }) => compact({
  ...(which === 'min' || which === 'both' ? { minAvailable } : {}),
  ...(which === 'max' || which === 'both' ? { maxUnavailable } : {}),
  ...rest,
}));

export const budgetArb = fc.record({
  metadata: meta(mostly(PDB_NAMES, PDB_BAD_NAMES, 8), half(mostly(['default', 'team-a', 'ingress-nginx'], ['Bad_NS']))),
  spec: fc.oneof({ weight: 20, arbitrary: budgetSpec }, { weight: 1, arbitrary: fc.constant(undefined) }),
}).map((o) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', ...compact(o) }));

/** A PriorityClass or a PodDisruptionBudget, alone (the create path reads no other object for them). */
export const policyObjectInputArb: fc.Arbitrary<CreateInput> = fc.oneof(
  priorityClassInputArb,
  budgetArb.map((object) => ({ object: object as Record<string, any>, extendedResourceToleration: false })),
);
