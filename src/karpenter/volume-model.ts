// Karpenter over the library's one volume model (issue 34). Karpenter provisions only for a pod kube-scheduler marked
// Unschedulable (pkg/utils/pod/scheduling.go IsProvisionable), so it reads the pod's claims as the cluster holds them
// by then: as the scheduler's volume plugins read them (scheduler/storage-model.ts over admission/pod-storage.ts —
// DefaultStorageClass admission, the controllers' claims, a pre-bound claim bound by the PV controller, the preset's
// classes, the stated storage assumption). A claim the inputs leave undecided is "not modelled" in the scheduler's
// words and constrains nothing here either (bound to a volume without node affinity), so a rejection Karpenter reaches
// stands (volume topology only adds requirements to the NodeClaim) and a yes is unknown (engine/provision.ts). A pod
// kube-scheduler fails with an error for is never Unschedulable, so Karpenter leaves it alone.
import type { Subject } from '../k8s/subject';
import { podUsesClaims } from '../admission/pod-storage';
import { storageModel, subjectStorage } from '../scheduler/storage-model';
import { cycleFor } from '../scheduler';
import { SchedulerError } from '../scheduler/cycle';
import { podInfo } from '../scheduler/framework';
import { buildSnapshot } from '../scheduler/snapshot';
import type { PoolModel } from './pool';
import { isDaemonPod, provision, type ProvisioningResult, type ProvisionOptions } from './provision';

/**
 * provision (Karpenter's choice among the pools) with the pod's claims as the volume model holds them over
 * `options.storage` (beside configure({ storage }) and the preset's), and what that rests on (`notModelled`,
 * `assumptions`). A DaemonSet's pod only counts as overhead, and Karpenter never reads its volumes.
 */
export function provisionModelled(subject: Subject, models: PoolModel[], options: ProvisionOptions = {}): ProvisioningResult {
  if (!podUsesClaims(subject) || isDaemonPod(subject)) return provision(subject, models, options);
  const storage = subjectStorage(subject, options.storage);
  const result = provision(subject, models, { ...options, storage, notConsidered: schedulerError(subject, storage) });
  const { notModelled, assumption } = storageModel(subject, options.storage);
  return { ...result, ...(notModelled.length ? { notModelled } : {}), ...(assumption ? { assumptions: [assumption] } : {}) };
}

/**
 * kube-scheduler's PreFilter over the pod's claims fails with an error (an object the API server would have defaulted,
 * e.g. a StorageClass without volumeBindingMode): the pod gets PodScheduled=False with reason SchedulerError, never
 * Unschedulable, so Karpenter does not consider it (pkg/utils/pod/scheduling.go IsProvisionable → FailedToSchedule).
 */
function schedulerError(subject: Subject, storage: Parameters<typeof buildSnapshot>[4]): string | undefined {
  try {
    cycleFor(podInfo(subject), buildSnapshot([], new Map(), [], [], storage));
    return undefined;
  } catch (e) {
    if (!(e instanceof SchedulerError)) throw e;
    return `kube-scheduler fails with an error for it (PodScheduled=False, reason SchedulerError): ${e.message}; Karpenter provisions only for pods the scheduler marked Unschedulable (IsProvisionable)`;
  }
}
