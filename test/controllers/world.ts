// A small world for the controller tests: nodes (some failed), workloads and pods placed by hand, the clock run
// with or without the controllers' syncs.
import type { KubeObject, Node, Pod } from '../../src/core/types';
import { toSubject } from '../../src/k8s/subject';
import { World, type Down, type SimPod, type SimWorkload, type WorkloadController } from '../../src/controllers/world';

/** `taint`: the failed nodes stay Ready (a taint condition). */
export function smallWorld(nodes: Node[], failed: string[] = [], down: Exclude<Down, undefined> | 'taint' = 'unreachable'): World {
  return new World({ nodes, failed: new Set(failed), down: down === 'taint' ? undefined : down });
}

export function addWorkload(world: World, object: KubeObject): SimWorkload {
  const isJob = object.kind === 'Job' || object.kind === 'CronJob';
  const w: SimWorkload = { object, label: toSubject(object).label, kind: object.kind!, next: 0, desired: [], ...(isJob ? { backoff: { failures: 0, unseen: [], waits: [] } } : {}) };
  world.addWorkload(w);
  return w;
}

/** A pod of `w` (or an existing pod without owner) bound to `node` at second 0. */
export function bound(world: World, pod: Pod, node: string, w?: SimWorkload, extra: Partial<SimPod> = {}): SimPod {
  const withNode = { ...pod, spec: { ...pod.spec!, nodeName: node } };
  if (!w) return world.addExistingPod(withNode, 'pod');
  const p = world.newPod(w, withNode, extra);
  Object.assign(p, { boundAt: world.now, bound: withNode });
  world.bind(p, node);
  return p;
}

/** Run the clock to `horizon`, the given controllers syncing after each second (and binding nothing). */
export function run(world: World, horizon = 86_400, controllers: WorkloadController[] = []) {
  return world.clock.run(horizon, () => {
    for (const w of world.workloads) for (const c of controllers) c.sync(w);
  });
}

/** The log as `<at> <object> <reason>` lines. */
export const log = (world: World) => world.events.map((e) => `${e.at} ${e.object} ${e.reason}`);
