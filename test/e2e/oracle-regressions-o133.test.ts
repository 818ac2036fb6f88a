// Regression cases from the 1.33 and 1.34 oracles (oracle/k8s-1.33, k8s.io/kubernetes v1.33.13; oracle/k8s-1.34,
// v1.34.4), each next to the neighbouring release's answer (oracle/k8s-1.35, v1.35.4, where the change is at 1.35):
// the differences the runs found, fixed in the library behind settings().kubernetesVersion, with upstream's answers
// frozen verbatim (an accepted object as its tolerations only), so `npm test` keeps them without Go.
import { describe, expect, it } from '@jest/globals';
import { DOMAINS } from '../oracle/domains';
import { excusedBy, KNOWN } from '../oracle/known';
import { withConfiguration, type KubernetesVersion } from '../oracle/lib';

type Release = '1.33' | '1.34' | '1.35';
interface Case { domain: string; input: unknown; upstream: Partial<Record<Release, unknown>> }

const CASES: Record<string, Case> = {
  "taint": {
    domain: "scheduling",
    input: {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "incoming", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "tolerations": [{"key": "spot", "operator": "Exists"}]}}, "nodes": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0", "labels": {"kubernetes.io/hostname": "n0"}}, "spec": {"taints": [{"key": "spot", "value": "a", "effect": "NoSchedule"}, {"key": "example.com/gpu", "value": "a", "effect": "NoSchedule"}]}, "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "110"}}}, {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}}, "spec": {"taints": [{"key": "dedicated", "effect": "NoExecute"}]}, "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "110"}}}, {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n2", "labels": {"kubernetes.io/hostname": "n2"}}, "spec": {}, "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "110"}, "conditions": [{"type": "Ready", "status": "False"}]}}], "pods": [], "namespaces": [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default", "labels": {"kubernetes.io/metadata.name": "default"}}}]},
    upstream: {
      '1.33': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint {example.com/gpu: a}"]}, {"node": "n1", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint {dedicated: }"]}, {"node": "n2", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint {node.kubernetes.io/not-ready: }"]}], "feasible": [], "fitError": "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: }, 1 node(s) had untolerated taint {example.com/gpu: a}, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
      '1.34': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}, {"node": "n1", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}, {"node": "n2", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}], "feasible": [], "fitError": "0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
      '1.35': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}, {"node": "n1", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}, {"node": "n2", "code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration", "reasons": ["node(s) had untolerated taint(s)"]}], "feasible": [], "fitError": "0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
    },
  },
  "podlevel": {
    domain: "scheduling",
    input: {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "incoming", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1", "resources": {"requests": {"cpu": "500m"}}}], "resources": {"requests": {"cpu": "2"}, "limits": {"cpu": "2"}}}}, "nodes": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0", "labels": {"kubernetes.io/hostname": "n0"}}, "spec": {}, "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "110"}}}, {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}}, "spec": {}, "status": {"allocatable": {"cpu": "4", "memory": "4Gi", "pods": "110"}}}], "pods": [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "e0", "namespace": "default"}, "spec": {"nodeName": "n1", "containers": [{"name": "c", "image": "registry.example/app:1", "resources": {"requests": {"cpu": "100m"}}}], "resources": {"requests": {"cpu": "3"}, "limits": {"cpu": "3"}}}}], "namespaces": [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default", "labels": {"kubernetes.io/metadata.name": "default"}}}]},
    upstream: {
      '1.33': {"nodes": [{"node": "n0", "code": "Success", "plugin": "", "reasons": []}, {"node": "n1", "code": "Success", "plugin": "", "reasons": []}], "feasible": ["n0", "n1"], "scores": [{"node": "n0", "plugins": {"ImageLocality": 0, "NodeResourcesBalancedAllocation": 75, "NodeResourcesFit": 65, "TaintToleration": 300}, "total": 440}, {"node": "n1", "plugins": {"ImageLocality": 0, "NodeResourcesBalancedAllocation": 92, "NodeResourcesFit": 87, "TaintToleration": 300}, "total": 479}], "top": ["n1"]},
      '1.34': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}, {"node": "n1", "code": "Unschedulable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}], "feasible": [], "fitError": "0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."},
      '1.35': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}, {"node": "n1", "code": "Unschedulable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}], "feasible": [], "fitError": "0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."},
    },
  },
  "sts": {
    domain: "create",
    input: {"object": {"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "web"}, "spec": {"serviceName": "web", "selector": {"matchLabels": {"app": "web"}}, "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "C_bad", "image": "registry.example/app:1"}]}}}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"object": {"kind": "StatefulSet", "spec": {"tolerations": []}}},
      '1.34': {"errors": [{"type": "FieldValueInvalid", "field": "spec.template.spec.containers[0].name", "body": "Invalid value: \"C_bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"}]},
      '1.35': {"errors": [{"type": "FieldValueInvalid", "field": "spec.template.spec.containers[0].name", "body": "Invalid value: \"C_bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"}]},
    },
  },
  "restart-policy": {
    domain: "create",
    input: {"object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1", "restartPolicy": "Always"}], "initContainers": [{"name": "i", "image": "registry.example/app:1", "restartPolicy": "Never"}]}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"errors": [{"type": "FieldValueForbidden", "field": "spec.containers[0].restartPolicy", "body": "Forbidden: may not be set for non-init containers"}, {"type": "FieldValueNotSupported", "field": "spec.initContainers[0].restartPolicy", "body": "Unsupported value: \"Never\": supported values: \"Always\""}]},
      '1.34': {"object": {"kind": "Pod", "spec": {"tolerations": [{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}, {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}]}}},
      '1.35': {"object": {"kind": "Pod", "spec": {"tolerations": [{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}, {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}]}}},
    },
  },
  "lt-create": {
    domain: "create",
    input: {"object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "tolerations": [{"key": "gen", "operator": "Lt", "value": "5", "effect": "NoSchedule"}]}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"errors": [{"type": "FieldValueNotSupported", "field": "spec.tolerations[0].operator", "body": "Unsupported value: \"Lt\": supported values: \"Equal\", \"Exists\""}]},
      '1.34': {"errors": [{"type": "FieldValueNotSupported", "field": "spec.tolerations[0].operator", "body": "Unsupported value: \"Lt\": supported values: \"Equal\", \"Exists\""}]},
      '1.35': {"errors": [{"type": "FieldValueNotSupported", "field": "spec.tolerations[0].operator", "body": "Unsupported value: \"Lt\": supported values: \"Equal\", \"Exists\", \"Lt\", \"Gt\""}]},
    },
  },
  "lt-tolerates": {
    domain: "toleration",
    input: {"toleration": {"key": "gen", "operator": "Lt", "value": "5", "effect": "NoSchedule"}, "taint": {"key": "gen", "value": "3", "effect": "NoSchedule"}, "comparisonOperators": true},
    upstream: {
      '1.33': {"tolerates": false},
      '1.34': {"tolerates": false},
      '1.35': {"tolerates": true},
    },
  },
  "kubectl-long": {
    domain: "kubectlTaint",
    input: {"spec": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},
    upstream: {
      '1.33': {"error": "invalid taint spec: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, name part must be no more than 63 characters"},
      '1.34': {"error": "invalid taint spec: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, name part must be no more than 63 characters"},
      '1.35': {"error": "invalid taint spec: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, name part must be no more than 63 bytes"},
    },
  },
  "selector-key": {
    domain: "labelSelector",
    input: {"selector": {"matchLabels": {"a/b/c": "web"}}, "labels": [{}]},
    upstream: {
      '1.33': {"errors": ["key: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]},
      '1.34': {"errors": ["key: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]},
      '1.35': {"errors": ["key: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]},
    },
  },
  "fit-code": {
    domain: "scheduling",
    input: {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "incoming", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1", "resources": {"requests": {"cpu": "2", "example.com/gpu": "2"}, "limits": {"example.com/gpu": "2"}}}]}}, "nodes": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0", "labels": {"kubernetes.io/hostname": "n0"}}, "spec": {}, "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "110", "example.com/gpu": "4"}}}, {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}}, "spec": {}, "status": {"allocatable": {"cpu": "4", "memory": "1Gi", "pods": "110", "example.com/gpu": "1"}}}], "pods": [], "namespaces": [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default", "labels": {"kubernetes.io/metadata.name": "default"}}}]},
    upstream: {
      '1.33': {"nodes": [{"node": "n0", "code": "Unschedulable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}, {"node": "n1", "code": "Unschedulable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient example.com/gpu"]}], "feasible": [], "fitError": "0/2 nodes are available: 1 Insufficient cpu, 1 Insufficient example.com/gpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."},
      '1.34': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}, {"node": "n1", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient example.com/gpu"]}], "feasible": [], "fitError": "0/2 nodes are available: 1 Insufficient cpu, 1 Insufficient example.com/gpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."},
      '1.35': {"nodes": [{"node": "n0", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}, {"node": "n1", "code": "UnschedulableAndUnresolvable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient example.com/gpu"]}], "feasible": [], "fitError": "0/2 nodes are available: 1 Insufficient cpu, 1 Insufficient example.com/gpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."},
    },
  },
  "os-name": {
    domain: "create",
    input: {"object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "os": {"name": ""}}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"errors": [{"type": "FieldValueRequired", "field": "spec.os.name", "body": "Required value: cannot be empty"}]},
      '1.34': {"errors": [{"type": "FieldValueRequired", "field": "spec.os.name", "body": "Required value"}]},
      '1.35': {"errors": [{"type": "FieldValueRequired", "field": "spec.os.name", "body": "Required value"}]},
    },
  },
  "spread-keys": {
    domain: "create",
    input: {"object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web", "labels": {"app": "web"}}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "kubernetes.io/hostname", "whenUnsatisfiable": "DoNotSchedule", "matchLabelKeys": ["bad key!"]}, {"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone", "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"app": "web"}}, "matchLabelKeys": ["app"]}]}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"errors": [{"type": "FieldValueForbidden", "field": "spec.topologySpreadConstraints[0].matchLabelKeys", "body": "Forbidden: must not be specified when labelSelector is not set"}, {"type": "FieldValueInvalid", "field": "spec.topologySpreadConstraints[0].matchLabelKeys[0]", "body": "Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"}, {"type": "FieldValueInvalid", "field": "spec.topologySpreadConstraints[1].matchLabelKeys[0]", "body": "Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"}]},
      '1.34': {"errors": [{"type": "FieldValueForbidden", "field": "spec.topologySpreadConstraints[0].matchLabelKeys", "body": "Forbidden: must not be specified when labelSelector is not set"}, {"type": "FieldValueInvalid", "field": "spec.topologySpreadConstraints[1][0]", "body": "Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"}]},
      '1.35': {"errors": [{"type": "FieldValueForbidden", "field": "spec.topologySpreadConstraints[0].matchLabelKeys", "body": "Forbidden: must not be specified when labelSelector is not set"}, {"type": "FieldValueInvalid", "field": "spec.topologySpreadConstraints[1][0]", "body": "Invalid value: \"app\": exists in both matchLabelKeys and labelSelector"}]},
    },
  },
  "resource-name": {
    domain: "create",
    input: {"object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1", "resources": {"limits": {"storage": "1"}}}]}}, "extendedResourceToleration": false},
    upstream: {
      '1.33': {"errors": [{"type": "FieldValueInvalid", "field": "spec.containers[0].resources.limits[storage]", "body": "Invalid value: storage: must be a standard resource for containers"}, {"type": "FieldValueInvalid", "field": "spec.containers[0].resources.requests[storage]", "body": "Invalid value: storage: must be a standard resource for containers"}]},
      '1.34': {"errors": [{"type": "FieldValueInvalid", "field": "spec.containers[0].resources.limits[storage]", "body": "Invalid value: \"storage\": must be a standard resource for containers"}, {"type": "FieldValueInvalid", "field": "spec.containers[0].resources.requests[storage]", "body": "Invalid value: \"storage\": must be a standard resource for containers"}]},
      '1.35': {"errors": [{"type": "FieldValueInvalid", "field": "spec.containers[0].resources.limits[storage]", "body": "Invalid value: \"storage\": must be a standard resource for containers"}, {"type": "FieldValueInvalid", "field": "spec.containers[0].resources.requests[storage]", "body": "Invalid value: \"storage\": must be a standard resource for containers"}]},
    },
  },
  "nonzero-podlevel": {
    domain: "scheduling",
    input: {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "incoming", "namespace": "default", "labels": {"app": "web"}}, "spec": {"containers": [{"name": "c0", "image": "registry.example/app:1"}]}}, "nodes": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0", "labels": {"kubernetes.io/hostname": "n0"}}, "spec": {}, "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}, {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}}, "spec": {}, "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}], "pods": [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p0", "namespace": "default", "labels": {"app": "web"}}, "spec": {"nodeName": "n0", "containers": [{"name": "c", "image": "registry.example/app:1"}], "initContainers": [{"name": "sidecar", "image": "registry.example/app:1", "resources": {"requests": {"cpu": "100m"}}, "restartPolicy": "Always"}], "resources": {"requests": {"memory": "4Gi"}, "limits": {"memory": "4Gi"}}}, "status": {}}], "namespaces": [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "default", "labels": {"kubernetes.io/metadata.name": "default"}}}]},
    upstream: {
      '1.33': {"nodes": [{"node": "n0", "code": "Success", "plugin": "", "reasons": []}, {"node": "n1", "code": "Success", "plugin": "", "reasons": []}], "feasible": ["n0", "n1"], "scores": [{"node": "n0", "plugins": {"ImageLocality": 0, "NodeResourcesFit": 92, "TaintToleration": 300}, "total": 392}, {"node": "n1", "plugins": {"ImageLocality": 0, "NodeResourcesFit": 97, "TaintToleration": 300}, "total": 397}], "top": ["n1"]},
      '1.34': {"nodes": [{"node": "n0", "code": "Success", "plugin": "", "reasons": []}, {"node": "n1", "code": "Success", "plugin": "", "reasons": []}], "feasible": ["n0", "n1"], "scores": [{"node": "n0", "plugins": {"ImageLocality": 0, "NodeResourcesFit": 71, "TaintToleration": 300}, "total": 371}, {"node": "n1", "plugins": {"ImageLocality": 0, "NodeResourcesFit": 97, "TaintToleration": 300}, "total": 397}], "top": ["n1"]},
      '1.35': {"nodes": [{"node": "n0", "code": "Success", "plugin": "", "reasons": []}, {"node": "n1", "code": "Success", "plugin": "", "reasons": []}], "feasible": ["n0", "n1"], "scores": [{"node": "n0", "plugins": {"DynamicResources": 0, "ImageLocality": 0, "NodeResourcesFit": 71, "TaintToleration": 300}, "total": 371}, {"node": "n1", "plugins": {"DynamicResources": 0, "ImageLocality": 0, "NodeResourcesFit": 97, "TaintToleration": 300}, "total": 397}], "top": ["n1"]},
    },
  },
};

/** The library under `release` against the frozen answer: [] when equal, the known deviation's id when one covers it. */
function differences(release: Release, id: string): unknown {
  const c = CASES[id];
  const domain = DOMAINS.find((d) => d.name === c.domain)!;
  return withConfiguration({ kubernetesVersion: release as KubernetesVersion }, () => {
    const diffs = domain.compare(domain.ours(c.input), c.upstream[release]);
    const known = excusedBy(KNOWN.filter((k) => k.domain === c.domain && (!k.releases || k.releases.includes(release))), c.input, diffs)?.[0];
    return diffs.length && known ? `known: ${known.id}` : diffs;
  });
}

describe('oracle regressions, k8s 1.33.13 and 1.34.4 (with 1.35.4 where the change is there)', () => {
  it("TaintToleration names the first untolerated taint at 1.33 only (#134740, cherry-picked to 1.34 by #135023)", () => {
    expect(JSON.stringify(CASES["taint"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["taint"].upstream['1.34']));
    expect(differences('1.33', "taint")).toEqual([]);
    expect(differences('1.34', "taint")).toEqual([]);
    expect(differences('1.35', "taint")).toEqual([]);
  });
  it("pod-level resources: dropped at 1.33 (PodLevelResources alpha, off), counted from 1.34", () => {
    expect(JSON.stringify(CASES["podlevel"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["podlevel"].upstream['1.34']));
    expect(differences('1.33', "podlevel")).toEqual([]);
    expect(differences('1.34', "podlevel")).toEqual([]);
    expect(differences('1.35', "podlevel")).toEqual([]);
  });
  it("StatefulSet template spec validated at create from 1.34 (#131790)", () => {
    expect(JSON.stringify(CASES["sts"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["sts"].upstream['1.34']));
    expect(differences('1.33', "sts")).toEqual([]);
    expect(differences('1.34', "sts")).toEqual([]);
    expect(differences('1.35', "sts")).toEqual([]);
  });
  it("restartPolicy on a regular container / a non-Always init container: refused at 1.33, dropped at 1.34 (ContainerRestartRules off), allowed at 1.35", () => {
    expect(JSON.stringify(CASES["restart-policy"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["restart-policy"].upstream['1.34']));
    expect(differences('1.33', "restart-policy")).toEqual([]);
    expect(differences('1.34', "restart-policy")).toEqual([]);
    expect(differences('1.35', "restart-policy")).toEqual([]);
  });
  it("Lt/Gt tolerations: unknown operators at 1.34, the gated pair from 1.35 (#134665)", () => {
    expect(JSON.stringify(CASES["lt-create"].upstream['1.34'])).not.toBe(JSON.stringify(CASES["lt-create"].upstream['1.35']));
    expect(differences('1.33', "lt-create")).toEqual([]);
    expect(differences('1.34', "lt-create")).toEqual([]);
    expect(differences('1.35', "lt-create")).toEqual([]);
  });
  it("Lt/Gt tolerations never match before 1.35, whatever the comparisonOperators switch", () => {
    expect(JSON.stringify(CASES["lt-tolerates"].upstream['1.34'])).not.toBe(JSON.stringify(CASES["lt-tolerates"].upstream['1.35']));
    expect(differences('1.33', "lt-tolerates")).toEqual([]);
    expect(differences('1.34', "lt-tolerates")).toEqual([]);
    expect(differences('1.35', "lt-tolerates")).toEqual([]);
  });
  it("apimachinery: \"characters\" up to 1.34, \"bytes\" from 1.35 (api/validate/content)", () => {
    expect(JSON.stringify(CASES["kubectl-long"].upstream['1.34'])).not.toBe(JSON.stringify(CASES["kubectl-long"].upstream['1.35']));
    expect(differences('1.33', "kubectl-long")).toEqual([]);
    expect(differences('1.34', "kubectl-long")).toEqual([]);
    expect(differences('1.35', "kubectl-long")).toEqual([]);
  });
  it("apimachinery: \"a qualified name\" up to 1.34, \"a valid label key\" from 1.35", () => {
    expect(JSON.stringify(CASES["selector-key"].upstream['1.34'])).not.toBe(JSON.stringify(CASES["selector-key"].upstream['1.35']));
    expect(differences('1.33', "selector-key")).toEqual([]);
    expect(differences('1.34', "selector-key")).toEqual([]);
    expect(differences('1.35', "selector-key")).toEqual([]);
  });
  it("NodeResourcesFit: Unschedulable at 1.33 even beyond allocatable; UnschedulableAndUnresolvable from 1.34", () => {
    expect(JSON.stringify(CASES["fit-code"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["fit-code"].upstream['1.34']));
    expect(differences('1.33', "fit-code")).toEqual([]);
    expect(differences('1.34', "fit-code")).toEqual([]);
    expect(differences('1.35', "fit-code")).toEqual([]);
  });
  it("spec.os.name empty: \"Required value: cannot be empty\" at 1.33, \"Required value\" from 1.34 (#132513)", () => {
    expect(JSON.stringify(CASES["os-name"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["os-name"].upstream['1.34']));
    expect(differences('1.33', "os-name")).toEqual([]);
    expect(differences('1.34', "os-name")).toEqual([]);
    expect(differences('1.35', "os-name")).toEqual([]);
  });
  it("topology spread matchLabelKeys: the legacy check at 1.33 (keys validated without a selector, a key the selector names refused at matchLabelKeys[i]); merged and checked as pod affinity from 1.34 (#129874)", () => {
    expect(JSON.stringify(CASES["spread-keys"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["spread-keys"].upstream['1.34']));
    expect(differences('1.33', "spread-keys")).toEqual([]);
    expect(differences('1.34', "spread-keys")).toEqual([]);
    expect(differences('1.35', "spread-keys")).toEqual([]);
  });
  it("a bad resource name prints unquoted at 1.33 (core.ResourceName is a Stringer), quoted from 1.34", () => {
    expect(JSON.stringify(CASES["resource-name"].upstream['1.33'])).not.toBe(JSON.stringify(CASES["resource-name"].upstream['1.34']));
    expect(differences('1.33', "resource-name")).toEqual([]);
    expect(differences('1.34', "resource-name")).toEqual([]);
    expect(differences('1.35', "resource-name")).toEqual([]);
  });
  it("NonZeroRequested of a bound pod with pod-level memory and a sidecar cpu: no 100m default for the container (getNonMissingContainerRequests), 1.34 and 1.35 alike", () => {
    expect(JSON.stringify(CASES["nonzero-podlevel"].upstream['1.34'])).not.toBe(JSON.stringify(CASES["nonzero-podlevel"].upstream['1.35']));
    expect(differences('1.33', "nonzero-podlevel")).toEqual([]);
    expect(differences('1.34', "nonzero-podlevel")).toEqual([]);
    expect(differences('1.35', "nonzero-podlevel")).toEqual([]);
  });
});
