// Type tests for the loader's views, checked by `tsc --noEmit` (npm run typecheck); never executed.
import type { Deployment, StatefulSet } from 'kubernetes-types/apps/v1';
import type { CronJob } from 'kubernetes-types/batch/v1';
import type { ConfigMap } from 'kubernetes-types/core/v1';
import { loadManifests, type KubeObject, type Node, type NodePool, type Workload } from '../../src';

const m = loadManifests('deploy/**/*.yaml');

export function inferredFromTheKind(): void {
  const a: Deployment = m.get('deployment/web');
  const b: Deployment = m.get('deploy/web', { namespace: 'prod' });
  const c: Deployment = m.get('Deployment/web');
  const d: Node = m.get('node/gpu-1');
  const e: StatefulSet = m.get('sts/db');
  const f: CronJob = m.get('cronjobs/nightly');
  const g: ConfigMap = m.get('cm/settings');
  const h: NodePool = m.get('nodepool/default');
  // the inferred type is precise: its fields are typed
  const replicas: number | undefined = m.get('deploy/web').spec?.replicas;
  const taintKey: string | undefined = m.get('no/gpu-1').spec?.taints?.[0]?.key;
  // @ts-expect-error a Deployment is not a Node
  const wrong: Node = m.get('deployment/web');
  // @ts-expect-error a Deployment has no spec.taints
  void m.get('deploy/web').spec?.taints;
  void [a, b, c, d, e, f, g, h, replicas, taintKey, wrong];
}

export function unknownKinds(ref: string): void {
  const a: KubeObject = m.get('widget/x');
  const b: KubeObject = m.get(ref);
  // @ts-expect-error an unknown kind is not a Deployment
  const c: Deployment = m.get('widget/x');
  // @ts-expect-error a reference that is not a literal gives a KubeObject
  const d: Deployment = m.get(ref);
  void [a, b, c, d];
}

export function givenExplicitly(): void {
  const a: Deployment = m.get<Deployment>('deploy/web');
  const b: StatefulSet = m.get<StatefulSet>(`${'sts'}/db`);
  // @ts-expect-error the type argument must be a Kubernetes object
  m.get<number>('deploy/web');
  void [a, b];
}

export function views(): void {
  const workloads: Workload[] = m.workloads();
  const nodes: Node[] = m.nodes();
  const pools: NodePool[] = m.nodePools();
  const kinds: Array<string | undefined> = workloads.map((w) => w.kind);
  const taints = pools.flatMap((p) => p.spec?.template?.spec?.taints ?? []);
  const effect: string = taints[0].effect;
  // @ts-expect-error workloads are not nodes
  const notNodes: Node[] = m.workloads();
  // @ts-expect-error nodes() are Nodes, not NodePools
  const notPools: NodePool[] = m.nodes();
  // @ts-expect-error a NodePool's kind is "NodePool"
  const pool: NodePool = { apiVersion: 'karpenter.sh/v1', kind: 'Node' };
  void [nodes, kinds, effect, notNodes, notPools, pool];
}
