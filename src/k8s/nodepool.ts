// The Karpenter NodePool as repositories declare it (karpenter.sh/v1; v1beta1 read too).
// The loader's `nodePools()` should return this type.
import type { Taint } from '../core/types';

export interface NodeSelectorRequirementWithMinValues {
  key: string;
  operator: string;
  values?: string[];
  minValues?: number;
}

export interface NodePool {
  apiVersion?: string;
  kind?: 'NodePool';
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: {
    /** 1..100; absent counts as 0 when ordering. */
    weight?: number;
    /** Static pool (alpha): never provisions for pending pods. */
    replicas?: number;
    limits?: Record<string, string | number>;
    disruption?: Record<string, unknown>;
    template?: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
      spec?: {
        requirements?: NodeSelectorRequirementWithMinValues[];
        taints?: Taint[];
        startupTaints?: Taint[];
        /** v1: {group, kind, name}; v1beta1: {apiVersion?, kind?, name}. */
        nodeClassRef?: { group?: string; kind?: string; name?: string; apiVersion?: string };
        expireAfter?: string;
        terminationGracePeriod?: string;
        kubelet?: Record<string, unknown>;
      };
    };
  };
}

export function isNodePool(x: unknown): x is NodePool {
  return typeof x === 'object' && x !== null && (x as NodePool).kind === 'NodePool' &&
    /^karpenter\.sh\//.test((x as NodePool).apiVersion ?? 'karpenter.sh/v1');
}
