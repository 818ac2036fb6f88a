// The platform repository the example specs describe: rendered manifests and a node dump.
import { loadManifests, type Node } from 'jest-k8s-placement';

/** Everything under platform/apps and platform/system, as `helm template` rendered it. */
export const repo = loadManifests('platform/{apps,system}/*.yaml', { cwd: __dirname });

/** `kubectl get nodes -o yaml` of the cluster: a List of Nodes. */
export const cluster = loadManifests('platform/nodes/cluster-nodes.yaml', { cwd: __dirname });
export const nodes = cluster.nodes();
export const node = (name: string) => cluster.get(`node/${name}`) as Node;
export const pool = (name: string) => nodes.filter((n) => n.metadata?.labels?.pool === name);

export const isReady = (n: Node) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
// Other node states come from the library: notReady(n), unreachable(n), cordon(n), withCondition(n, type, status),
// cloneNode(n, { name, zone }).
