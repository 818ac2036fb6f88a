// The Eviction API's decision (oracle/shared/eviction_api.go: upstream's EvictionREST.Create over one pod and the
// budgets) against the library's evictionDecision (src/k8s/disruption.ts): deleted or not, the error's code, message
// and DisruptionBudget cause, and the budgets' status after (the decrement, disruptedPods).
// It imports the library directly rather than through lib.ts, to stay a file of its own (issue 35, part 4).
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import { evictionDecision, type PodDisruptionBudget } from '../../src/k8s/disruption';
import type { Pod } from '../../src/core/types';

export interface EvictionApiInput { pod: Pod; pdbs: PodDisruptionBudget[] }
export interface EvictionApiOutput {
  deleted: boolean;
  code?: number;
  message?: string;
  causes?: string[];
  budgets: Array<{ name: string; disruptionsAllowed: number; disruptedPods?: string[] }>;
}

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const LABELS = fc.dictionary(fc.constantFrom('app', 'tier'), fc.constantFrom('web', 'db'), { maxKeys: 2 });
const NAMESPACE = fc.constantFrom('default', 'default', 'default', 'other');

const podArb: fc.Arbitrary<Pod> = fc.record({
  namespace: NAMESPACE,
  labels: LABELS,
  phase: fc.constantFrom('Running', 'Running', 'Running', 'Pending', 'Succeeded', 'Failed'),
  ready: fc.constantFrom('True', 'True', 'False', undefined),
  deleting: fc.nat({ max: 9 }).map((n) => n === 0),
}).map(({ namespace, labels, phase, ready, deleting }) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'p', namespace, labels, ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
  status: { phase, ...(ready ? { conditions: [{ type: 'Ready', status: ready }] } : {}) },
}));

const conditionArb = fc.constantFrom(
  undefined,
  { type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: 'found no controllers for pod "p"' },
  { type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '' },
  { type: 'DisruptionAllowed', status: 'False', reason: 'bar-reason', message: 'hoge' },
  { type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '' },
);

const pdbArb = (name: string): fc.Arbitrary<PodDisruptionBudget> => fc.record({
  namespace: NAMESPACE,
  selector: fc.oneof(fc.constant(null), fc.constant({}), LABELS.map((matchLabels) => ({ matchLabels }))),
  policy: fc.constantFrom(undefined, 'IfHealthyBudget', 'AlwaysAllow'),
  generation: fc.nat({ max: 2 }),
  observedGeneration: fc.nat({ max: 2 }),
  disruptionsAllowed: fc.integer({ min: -1, max: 2 }),
  currentHealthy: fc.nat({ max: 3 }),
  desiredHealthy: fc.nat({ max: 3 }),
  condition: conditionArb,
  disrupted: maybe(fc.constantFrom(['q'], ['p', 'q'])),
}).map((b) => ({
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget',
  metadata: { name, namespace: b.namespace, generation: b.generation },
  spec: { ...(b.selector === null ? {} : { selector: b.selector }), ...(b.policy ? { unhealthyPodEvictionPolicy: b.policy } : {}) },
  status: {
    observedGeneration: b.observedGeneration, disruptionsAllowed: b.disruptionsAllowed, currentHealthy: b.currentHealthy, desiredHealthy: b.desiredHealthy, expectedPods: 3,
    ...(b.condition ? { conditions: [{ ...b.condition, lastTransitionTime: '2026-01-01T00:00:00Z' }] } : {}),
    ...(b.disrupted ? { disruptedPods: Object.fromEntries(b.disrupted.map((n) => [n, '2026-01-01T00:00:00Z'])) } : {}),
  },
} as PodDisruptionBudget));

/** The library's answer in the oracle's shape. */
function ours(input: EvictionApiInput): EvictionApiOutput {
  const d = evictionDecision(input.pod, input.pdbs);
  const budgets = input.pdbs.map((b) => {
    const s = d.allowed && d.status && d.pdb === b.metadata?.name && b.metadata?.namespace === input.pod.metadata?.namespace ? d.status : b.status!;
    const disruptedPods = Object.keys(s.disruptedPods ?? {}).sort();
    return { name: b.metadata!.name!, disruptionsAllowed: s.disruptionsAllowed, ...(disruptedPods.length ? { disruptedPods } : {}) };
  });
  if (d.allowed) return { deleted: true, budgets };
  return { deleted: false, code: d.code, message: d.message, ...(d.cause ? { causes: [d.cause] } : {}), budgets };
}

export const evictionApi: Domain<EvictionApiInput, EvictionApiOutput> = {
  name: 'evictionApi',
  arbitrary: fc.record({ pod: podArb, pdbs: fc.tuple(pdbArb('foo'), pdbArb('bar')).chain(([a, b]) => fc.constantFrom([], [a], [a], [a, b])) }),
  ours,
  // Go writes an empty list of budgets as null
  compare: (o, u): Difference[] => (['deleted', 'code', 'message', 'causes', 'budgets'] as const)
    .filter((f) => JSON.stringify(o[f]) !== JSON.stringify(f === 'budgets' ? (u.budgets ?? []) : u[f]))
    .map((field) => ({ field, ours: o[field], upstream: u[field] })),
};
