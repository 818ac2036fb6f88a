// Types of what the loader returns, from `kubernetes-types`, and kubectl's names for kinds (`deploy/web`).
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type * as core from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { KubeObject, Node, Pod } from '../core/types';

export type { CronJob, DaemonSet, Deployment, Job, ReplicaSet, StatefulSet };
export type PodTemplate = core.PodTemplate;
export type ReplicationController = core.ReplicationController;

/** The pod-bearing kinds `workloads()` returns. */
export type Workload = Pod | Deployment | StatefulSet | DaemonSet | ReplicaSet | ReplicationController | Job | CronJob | PodTemplate;

// Karpenter's NodePool type lives with the Karpenter model; the loader's nodePools() returns it.
export type { NodePool, NodeSelectorRequirementWithMinValues as NodePoolRequirement } from '../k8s/nodepool';
import type { NodePool } from '../k8s/nodepool';

/** kubectl's resource names and short names, lower case, for each kind `get()` types. */
export interface KindNames {
  pod: Pod; pods: Pod; po: Pod;
  node: Node; nodes: Node; no: Node;
  deployment: Deployment; deployments: Deployment; deploy: Deployment;
  statefulset: StatefulSet; statefulsets: StatefulSet; sts: StatefulSet;
  daemonset: DaemonSet; daemonsets: DaemonSet; ds: DaemonSet;
  replicaset: ReplicaSet; replicasets: ReplicaSet; rs: ReplicaSet;
  replicationcontroller: ReplicationController; replicationcontrollers: ReplicationController; rc: ReplicationController;
  job: Job; jobs: Job;
  cronjob: CronJob; cronjobs: CronJob; cj: CronJob;
  podtemplate: PodTemplate; podtemplates: PodTemplate;
  configmap: core.ConfigMap; configmaps: core.ConfigMap; cm: core.ConfigMap;
  service: core.Service; services: core.Service; svc: core.Service;
  namespace: core.Namespace; namespaces: core.Namespace; ns: core.Namespace;
  serviceaccount: core.ServiceAccount; serviceaccounts: core.ServiceAccount; sa: core.ServiceAccount;
  priorityclass: PriorityClass; priorityclasses: PriorityClass; pc: PriorityClass;
  customresourcedefinition: CustomResourceDefinition; customresourcedefinitions: CustomResourceDefinition; crd: CustomResourceDefinition; crds: CustomResourceDefinition;
  nodepool: NodePool; nodepools: NodePool;
}

/** The object type `get(ref)` returns for a `kind/name` reference: known kinds typed, others KubeObject. */
export type ObjectFor<Ref extends string> = string extends Ref
  ? KubeObject
  : Ref extends `${infer Kind}/${string}`
    ? Lowercase<Kind> extends keyof KindNames
      ? KindNames[Lowercase<Kind>]
      : KubeObject
    : KubeObject;

/** The same names at run time: name → kind. */
export const KIND_NAMES: Record<string, string> = {
  po: 'Pod', no: 'Node', deploy: 'Deployment', sts: 'StatefulSet', ds: 'DaemonSet', rs: 'ReplicaSet', rc: 'ReplicationController',
  cj: 'CronJob', cm: 'ConfigMap', svc: 'Service', ns: 'Namespace', sa: 'ServiceAccount', pc: 'PriorityClass',
  crd: 'CustomResourceDefinition', crds: 'CustomResourceDefinition', priorityclasses: 'PriorityClass',
};
