// The karpenterVolumes domain (oracle/karpenter-1.14/volumes.go): a pod with claims and generated PersistentVolumeClaims,
// PersistentVolumes and StorageClasses against Karpenter's volumetopology.go: Provisioner.Validate's PVC checks,
// GetRequirements' alternatives, and CanAdd's Compatible steps (the pod's requirements, then each alternative).
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import {
  addRequirement, compatible, createdPod, formatRequirement, podRequirements, podVolumes, poolModel, provision, requirement,
  toSubject, vocabulary, type Requirements,
} from './lib';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
// zone (and its beta alias, which NewRequirement normalizes), hostname (dropped for local/hostPath PVs), a custom key
// no pool defines (label has no known values), the CSI driver's own key, and a custom key the pool may define
const KEYS = [ZONE, ZONE, 'failure-domain.beta.kubernetes.io/zone', HOST, 'example.com/rack', 'topology.ebs.csi.aws.com/zone', 'kubernetes.io/arch'];
const VALUES = ['z1', 'z2', 'z3', 'n1', 'amd64'];
const CLASSES = ['wffc', 'wffc2', 'immediate', 'nomode'];
const ts = '2026-01-01T00:00:00Z';
const LABELS = { 'karpenter.sh/nodepool': 'default', 'karpenter.kwok.sh/kwoknodeclass': 'default' };

const values = fc.uniqueArray(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 });
const expr = fc.record({ key: fc.constantFrom(...KEYS), operator: fc.constantFrom('In', 'In', 'In', 'NotIn', 'Exists', 'DoesNotExist'), values })
  .map(({ key, operator, values: v }) => ({ key, operator, ...(operator === 'In' || operator === 'NotIn' ? { values: v } : {}) }));
// a term of PV node affinity: expressions, or none (only matchFields: GetRequirements skips it)
const term = fc.oneof(
  { weight: 5, arbitrary: fc.record({ matchExpressions: fc.array(expr, { minLength: 1, maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }) },
);

const storageClassArb = (name: string) => fc.record({
  topologies: fc.array(fc.array(fc.record({ key: fc.constantFrom(ZONE, ZONE, 'example.com/rack', 'topology.ebs.csi.aws.com/zone'), values }), { maxLength: 2 }), { maxLength: 2 }),
}).map(({ topologies }) => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'ebs.csi.aws.com',
  ...(name === 'nomode' ? {} : { volumeBindingMode: name === 'immediate' ? 'Immediate' : 'WaitForFirstConsumer' }),
  ...(topologies.length ? { allowedTopologies: topologies.map((e) => ({ matchLabelExpressions: e })) } : {}),
}));

const volumeArb = (name: string) => fc.record({
  source: fc.constantFrom('csi', 'csi', 'local', 'hostPath'),
  terms: fc.option(fc.array(term, { maxLength: 2 }), { nil: undefined, freq: 5 }),
  deleting: fc.constantFrom(...Array(9).fill(false), true),
}).map(({ source, terms, deleting }) => ({
  apiVersion: 'v1', kind: 'PersistentVolume',
  metadata: { name, ...(deleting ? { deletionTimestamp: ts, finalizers: ['kubernetes.io/pv-protection'] } : {}) },
  spec: {
    ...(source === 'csi' ? { csi: { driver: 'ebs.csi.aws.com', volumeHandle: name } } : { [source]: { path: '/mnt/disks' } }),
    accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' },
    ...(terms ? { nodeAffinity: { required: { nodeSelectorTerms: terms } } } : {}),
  },
}));

const claimArb = (name: string) => fc.record({
  className: fc.constantFrom<string | undefined>(undefined, '', 'missing', 'immediate', ...Array(4).fill(['wffc', 'wffc2', 'nomode']).flat()),
  volumeName: fc.constantFrom<string | undefined>(...Array(4).fill([undefined, 'pv0', 'pv1']).flat(), 'pv-missing'),
  bound: fc.constantFrom(...Array(9).fill(true), false),
  betaClass: fc.constantFrom(undefined, undefined, undefined, 'wffc'),
  state: fc.constantFrom(...Array(18).fill('ok'), 'lost', 'deleting'),
}).map(({ className, volumeName, bound, betaClass, state }) => {
  const annotations = { ...(volumeName && bound ? { 'pv.kubernetes.io/bind-completed': 'yes' } : {}), ...(betaClass ? { 'volume.beta.kubernetes.io/storage-class': betaClass } : {}) };
  return {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim',
    metadata: {
      name, namespace: 'default', ...(Object.keys(annotations).length ? { annotations } : {}),
      ...(state === 'deleting' ? { deletionTimestamp: ts, finalizers: ['kubernetes.io/pvc-protection'] } : {}),
    },
    spec: {
      accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } },
      ...(className !== undefined ? { storageClassName: className } : {}), ...(volumeName ? { volumeName } : {}),
    },
    ...(state === 'lost' ? { status: { phase: 'Lost' } } : {}),
  };
});

export interface VolumesInput {
  pod: any;
  storage: any[];
  requirements: Array<{ key: string; operator: string; values?: string[] }>;
  labels: Record<string, string>;
}

const inputArb: fc.Arbitrary<VolumesInput> = fc.record({
  classes: fc.tuple(...CLASSES.map(storageClassArb)),
  volumes: fc.tuple(volumeArb('pv0'), volumeArb('pv1')),
  claims: fc.tuple(claimArb('c0'), claimArb('c1'), claimArb('p-e0')),
  present: fc.array(fc.constantFrom(...Array(11).fill(true), false), { minLength: 8, maxLength: 8 }),
  volumesOfPod: fc.uniqueArray(fc.constantFrom(...Array(5).fill(['c0', 'c1', 'ephemeral']).flat(), 'emptyDir', 'c-missing'), { minLength: 1, maxLength: 3 }),
  podZones: fc.option(values, { nil: undefined }),
  pool: fc.array(expr, { maxLength: 2 }),
}).map(({ classes, volumes, claims, present, volumesOfPod, podZones, pool }) => {
  // most objects present; a few left out (a claim, PV or class that does not exist). The ephemeral volume's claim is
  // always there: without it, the library has the ephemeral controller create it, where Karpenter's suite applies it.
  const objects = [...classes, ...volumes, claims[0], claims[1]];
  const storage = [...objects.filter((_, i) => present[i]), claims[2]];
  const podVolumes = volumesOfPod.map((v, i) => (v === 'emptyDir' ? { name: `v${i}`, emptyDir: {} }
    : v === 'ephemeral' ? { name: 'e0', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }
      : { name: `v${i}`, persistentVolumeClaim: { claimName: v } }));
  return {
    pod: {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
      spec: {
        containers: [{ name: 'c', image: 'registry.example/app:1' }], volumes: podVolumes,
        ...(podZones ? { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: podZones }] }] } } } } : {}),
      },
    },
    storage,
    // the CRD refuses hostname and beta keys are fine but redundant; DoesNotExist on an instance-type key leaves the
    // pool without instance types (not a candidate), which hides Validate's answer
    requirements: pool.filter((r) => r.key !== HOST && r.key !== 'failure-domain.beta.kubernetes.io/zone' && !(r.operator === 'DoesNotExist' && (r.key === ZONE || r.key === 'kubernetes.io/arch'))),
    labels: LABELS,
  };
});

export interface VolumesOutput {
  validate: string;
  alternatives: string[][];
  requirementsError: string;
  podCompatible: string[];
  volumeCompatible: string[][];
  /** ours only: the pool's verdict (stage and error), checked against the alternatives' answers. */
  verdict?: { stage?: string; error?: string };
}

const strs = (rs: Requirements) => [...rs.values()].map(formatRequirement).sort();
const answer = (c: ReturnType<typeof compatible>) => (c.ok ? '' : c.kind === 'conflict' ? c.conflicts.map((k) => k.message).sort().join('; ') : c.message);

const poolOf = (i: VolumesInput) => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'default' },
  spec: { template: { spec: { requirements: i.requirements, nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } } } },
});

export const karpenterVolumes: Domain<VolumesInput, VolumesOutput> = {
  name: 'karpenterVolumes',
  oracle: 'karpenter',
  arbitrary: inputArb,
  ours: (i) => {
    const subject = toSubject(i.pod);
    const model = poolModel(poolOf(i) as any);
    const result = provision(subject, [model], { storage: i.storage });
    const v = result.pools[0];
    const verdict = { stage: v.stage, error: v.error };
    const out: VolumesOutput = { validate: '', alternatives: [], requirementsError: '', podCompatible: [], volumeCompatible: [], verdict };
    // Validate runs before any pool is looked at: a pool that is not a candidate still shows the pod's error
    const ignored = (v.stage === 'pod ignored' || v.stage === 'not a candidate') && result.error?.startsWith('Failed to schedule pod, ');
    if (ignored) return { ...out, validate: result.error!.slice('Failed to schedule pod, '.length) };
    const vols = podVolumes(subject.object, createdPod(subject), i.storage);
    out.alternatives = vols.alternatives.map((a) => strs(a.requirements));
    const existing: Requirements = new Map(model.requirements);
    addRequirement(existing, requirement(HOST, 'In', ['hostname-placeholder-0001']));
    const pod = podRequirements(subject);
    const wellKnown = vocabulary(undefined).wellKnown;
    out.podCompatible = [answer(compatible(existing, pod, wellKnown))];
    if (out.podCompatible[0] !== '') return out;
    for (const r of pod.values()) addRequirement(existing, r);
    out.volumeCompatible = vols.alternatives.map((a) => [answer(compatible(existing, a.requirements, wellKnown))]);
    return out;
  },
  // what the cases exercised: Validate's errors by text, and how the alternatives came out
  tally: (_i, ours) => {
    if (ours.validate) return [`ignored: ${ours.validate.replace(/ \(.*$/, '').replace(/"[^"]*"/g, '"…"')}`];
    if (!ours.alternatives.length) return ['no volume requirements'];
    const n = ours.alternatives.length > 1 ? 'several alternatives' : 'one alternative';
    if (ours.podCompatible[0] !== '') return [`${n}, pod incompatible with the pool`];
    const ok = ours.volumeCompatible.filter((a) => a[0] === '').length;
    return [`${n}, ${ok === 0 ? 'all incompatible' : ok === ours.volumeCompatible.length ? 'all compatible' : 'some compatible'}`];
  },
  // ours' single answers must be among upstream's (Compatible walks Go maps); the verdict must follow the alternatives
  compare: (ours, upstream) => {
    const diffs: Difference[] = [];
    for (const f of ['validate', 'alternatives', 'requirementsError'] as const) {
      if (JSON.stringify(ours[f]) !== JSON.stringify(upstream[f])) diffs.push({ field: f, ours: ours[f], upstream: upstream[f] });
    }
    const among = (o: string[], u: string[]) => o.length === 0 ? u.length === 0 : u.includes(o[0]);
    if (!among(ours.podCompatible, upstream.podCompatible)) diffs.push({ field: 'podCompatible', ours: ours.podCompatible, upstream: upstream.podCompatible });
    if (ours.volumeCompatible.length !== upstream.volumeCompatible.length || ours.volumeCompatible.some((o, k) => !among(o, upstream.volumeCompatible[k]))) {
      diffs.push({ field: 'volumeCompatible', ours: ours.volumeCompatible, upstream: upstream.volumeCompatible });
    }
    // CanAdd: when every alternative is incompatible, the pool's error is the last one's
    const answers = ours.volumeCompatible.map((o) => o[0]);
    if (answers.length && answers.every((a) => a !== '') && ours.verdict?.stage !== 'not a candidate' && ours.verdict?.error !== `incompatible volume requirements, ${answers[answers.length - 1]}`) {
      diffs.push({ field: 'verdict', ours: ours.verdict, upstream: `incompatible volume requirements, ${answers[answers.length - 1]}` });
    }
    return diffs;
  },
};
