// Engine entry points that take objects as users have them (subjects and nodes).
import type { KubeObject, Node } from './types';
import { toSubject } from './subject';
import { nodeInfo, podInfo } from './scheduler/framework';
import { taintEviction, type EvictionVerdict } from './taint-eviction';

/** When the taint-eviction controller would delete the subject's pod from the node. */
export function evictionVerdict(subject: KubeObject, node: Node): EvictionVerdict {
  return taintEviction(podInfo(toSubject(subject)), nodeInfo(node));
}
