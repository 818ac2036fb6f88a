// The domains the oracle compares, each with its generator, the library's answer and the comparison.
import type fc from 'fast-check';
import { librarySchedule, type SchedulingOutput } from './adapter';
import { compareScheduling, imageLocalityTally, type Difference } from './compare';
import { schedulingInputArb, type SchedulingInput } from './generators';
import { kubectlTaint, quantity, toleration } from './helpers';
import { claims, create, namespacePolicy, persistentVolumes, policyObjects, storageObjects } from './create';
import { nodePodUpdates, persistentVolumeUpdates, storageUpdates, workloadUpdates } from './update-self';
import { yamlDomain } from './yaml-domain';
import { karpenterRequirements, karpenterValidate } from './karpenter';
import { karpenterVolumes } from './karpenter-volumes';
import { karpenterProvision } from './karpenter-provision';
import { daemonSetTolerations, labelSelector, nodeConditionTaints, taintEviction2 } from './helpers2';
import { e2e, statefulClaims } from './e2e';
import { corpusDomain } from './corpus-domain';
import { volumes } from './volumes';
import { evictionApi } from './disruption';
import { preemption } from './preemption';
import { schedulerConfig } from './config';
import { outageTimeline } from './outage';

export interface Domain<I, O> {
  name: string;
  /** The oracle module that answers it: `k8s` (oracle/k8s-<minor>, the default) or `karpenter` (oracle/karpenter-<minor>). */
  oracle?: 'k8s' | 'karpenter';
  /**
   * The binary of that module that answers it, beside `--oracle` (default: that one). `oracle-outage` is the test
   * binary of oracle/shared/outage_test.go (upstream's controllers in a testing/synctest bubble: `go test -c`), run
   * with ORACLE_OUTAGE=1.
   */
  binary?: 'oracle-outage';
  arbitrary: fc.Arbitrary<I>;
  /** The library's answer; a thrown error is an answer too (the library refused the input). */
  ours(input: I): O;
  compare(ours: O, upstream: O): Difference[];
  /** A comparison that reads the input too (outageTimeline: zones and pods' nodes); used instead of compare. */
  compareWith?(input: I, ours: O, upstream: O): Difference[];
  /** What the run counts beside the verdict (e.g. how often an unmodelled score plugin changed the top set). */
  tally?(input: I, ours: O, upstream: O): string[];
  /** The oracle's domain that answers it, and whose known deviations apply (default: `name`). */
  asks?: string;
  /**
   * For a domain whose upstream answer is a sample of what upstream may answer (karpenterProvision: Go's map order
   * draws the zone of a spread), two samples as one: a case that differs is asked again (run.ts, a few times) before
   * its difference stands, so that an outcome upstream gives rarely is not taken for one it never gives.
   */
  resample?(upstream: O, again: O): O;
  /**
   * Run only when `--domains` names it: a focused view of another domain's cases (its own generator, the same
   * question and comparison) for long runs; the bounded run meets those cases in the other domain.
   */
  named?: boolean;
  /**
   * The share of `--cases` the domain runs (default 1): a case that costs many upstream answers (karpenterProvision:
   * 6 to 48 solves of Karpenter's scheduler) runs fewer, so the bounded run stays cheap.
   */
  share?: number;
  /**
   * Asked per group instead of from `arbitrary` alone (the corpus pass, corpus.ts: one group per real workload, each
   * drawn `--corpus-draws` times); `skipped` says why there is none. Its differences are shrunk further by deleting
   * parts of the input (run.ts prune), since a group's constant parts do not shrink.
   */
  groups?(): { groups: Array<{ label: string; arbitrary: fc.Arbitrary<I> }>; skipped?: string; notes: string[] };
}

export const scheduling: Domain<SchedulingInput, SchedulingOutput> = {
  name: 'scheduling',
  arbitrary: schedulingInputArb,
  ours: librarySchedule,
  compare: compareScheduling,
  tally: (_input, _ours, upstream) => imageLocalityTally(upstream),
};

export const DOMAINS: Array<Domain<any, any>> = [scheduling, toleration, quantity, kubectlTaint, create, yamlDomain,
  daemonSetTolerations, taintEviction2, nodeConditionTaints, labelSelector,
  e2e, volumes, karpenterRequirements, karpenterValidate, karpenterVolumes, karpenterProvision, claims, statefulClaims, evictionApi, preemption, schedulerConfig, namespacePolicy, policyObjects, persistentVolumes, storageObjects, storageUpdates, persistentVolumeUpdates, nodePodUpdates, corpusDomain,
  workloadUpdates, outageTimeline];
