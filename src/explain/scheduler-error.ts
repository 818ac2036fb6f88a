// What a client says of kube-scheduler's error (a PreFilter's Error status: PodScheduled=False, reason SchedulerError)
// or of its panic (SchedulerCrash: the process exits, no status is written), where a question gets no verdict.
import { SchedulerCrash, type SchedulerError } from '../engine';

export const schedulerErrorText = (e: SchedulerError): string =>
  (e instanceof SchedulerCrash ? e.message : `kube-scheduler would fail with an error (PodScheduled=False, reason SchedulerError): ${e.message}`);
