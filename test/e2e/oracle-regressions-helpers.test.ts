// Regression tests from the helper domains of the k8s oracle (oracle/k8s-1.35, k8s.io/kubernetes v1.35.4): each case
// is a shrunk difference with upstream's answer frozen, so that `npm test` keeps it without Go.
import { describe, expect, it } from '@jest/globals';
import { labelSelector, nodeConditionTaints, taintEviction2 } from '../oracle/helpers2';

describe('oracle regressions, k8s 1.35.4 helpers', () => {
  it("tolerationSeconds 1e12 wraps at int64 nanoseconds: evicted after 3875820019.684212736 s", () => {
    // taintEviction, seed 1, "afterNanos" (pkg/controller/tainteviction/taint_eviction.go getMinTolerationTime: time.Duration(min) * time.Second)
    const input = {"tolerations": [{"operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 1000000000000}], "taints": [{"key": "a", "effect": "NoExecute"}]};
    // oracle answer, verbatim
    const upstream = {"afterNanos": "3875820019684212736"};
    const ours = taintEviction2.ours(input as never);
    expect(taintEviction2.compare(ours, upstream as never)).toEqual([]);
  });
  it("tolerationSeconds 9223372037 wraps negative: never evicted (processPodOnNode: minTolerationTime < 0)", () => {
    // taintEviction, seed 1, "afterNanos; never"
    const input = {"tolerations": [{"operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 9223372037}], "taints": [{"key": "a", "effect": "NoExecute"}]};
    // oracle answer, verbatim
    const upstream = {"never": true};
    const ours = taintEviction2.ours(input as never);
    expect(taintEviction2.compare(ours, upstream as never)).toEqual([]);
  });
  it("In without values: field.Invalid renders the nil slice as null (field/errors.go ErrorBody, json.Marshal)", () => {
    // labelSelector, seed 1, "error" (ours []string(nil); apimachinery pkg/labels/selector.go NewRequirement)
    const input = {"selector": {"matchExpressions": [{"key": "app", "operator": "In"}]}, "labels": [{}]};
    // oracle answer, verbatim
    const upstream = {"errors": ["values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"]};
    const ours = labelSelector.ours(input as never);
    expect(labelSelector.compare(ours, upstream as never)).toEqual([]);
  });
  it("a matchExpressions entry without key is key \"\" (refused), not a crash", () => {
    // labelSelector, seed 2, "error" (ours a TypeError)
    const input = {"selector": {"matchExpressions": [{"operator": "In"}]}, "labels": [{}]};
    // oracle answer, verbatim
    const upstream = {"errors": ["[key: Invalid value: \"\": name part must be non-empty; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty]"]};
    const ours = labelSelector.ours(input as never);
    expect(labelSelector.compare(ours, upstream as never)).toEqual([]);
  });
  it("condition taints in condition order, the NoExecute one last", () => {
    // nodeConditionTaints, seed 7, "taints" (pkg/controller/nodelifecycle/node_lifecycle_controller.go doNoScheduleTaintingPass, then the Ready NoExecute)
    const input = {"node": {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0"}, "spec": {}, "status": {"conditions": [{"type": "Ready", "status": "False"}, {"type": "MemoryPressure", "status": "True"}]}}};
    // oracle answer, verbatim
    const upstream = {"taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}, {"key": "node.kubernetes.io/memory-pressure", "effect": "NoSchedule"}, {"key": "node.kubernetes.io/not-ready", "effect": "NoExecute"}]};
    const ours = nodeConditionTaints.ours(input as never);
    expect(nodeConditionTaints.compare(ours, upstream as never)).toEqual([]);
  });
  it("a not-ready:NoExecute taint with a value is replaced by the one the controller adds (taints.AddOrUpdateTaint)", () => {
    // nodeConditionTaints, seed 8, "taints"
    const input = {"node": {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n0"}, "spec": {"taints": [{"key": "node.kubernetes.io/not-ready", "value": "x", "effect": "NoExecute"}]}, "status": {"conditions": [{"type": "Ready", "status": "False"}]}}};
    // oracle answer, verbatim
    const upstream = {"taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoExecute"}, {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]};
    const ours = nodeConditionTaints.ours(input as never);
    expect(nodeConditionTaints.compare(ours, upstream as never)).toEqual([]);
  });
});
