// Names shared by the matrix and the run report: workload names without origin, and node groups.
import path from 'node:path';
import type { KubeObject, Node } from '../core/types';

/** Pool labels of the well-known node provisioners, tried in this order; the instance type is the last resort. */
export const POOL_LABELS = [
  'karpenter.sh/nodepool',
  'cloud.google.com/gke-nodepool',
  'eks.amazonaws.com/nodegroup',
  'kubernetes.azure.com/agentpool',
  'node.kubernetes.io/instance-type',
] as const;

/** `Deployment shop/web`: describeObject without the origin. */
export function workloadName(object: KubeObject): string {
  return `${object.kind} ${object.metadata?.namespace ?? 'default'}/${object.metadata?.name ?? '<unnamed>'}`;
}

/** The `file:line` suffix describeObject adds for a loaded object. */
export function originOfLabel(label: string, name: string): string | undefined {
  return label.startsWith(`${name} (`) && label.endsWith(')') ? label.slice(name.length + 2, -1) : undefined;
}

/** The default grouping: the first well-known pool label, else the node itself. */
export function defaultGroup(node: Node): string {
  const labels = node.metadata?.labels ?? {};
  for (const key of POOL_LABELS) if (labels[key]) return labels[key];
  return node.metadata?.name ?? '<unnamed>';
}

/** A path as the report shows it: relative to the working directory, with `/`. */
export function relativePath(file: string): string {
  return (path.isAbsolute(file) ? path.relative(process.cwd(), file) : file).split(path.sep).join('/');
}
