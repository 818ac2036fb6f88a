// Regression tests from the Karpenter oracle (oracle/karpenter-1.14, sigs.k8s.io/karpenter v1.14.1; the files these
// domains read are identical at v1.14.3): each case is a shrunk difference with upstream's answer frozen, so that
// `npm test` keeps it without Go. Upstream: pkg/scheduling/requirement.go (NewRequirementWithFlexibility, String),
// pkg/scheduling/requirements.go (Compatible, Intersects), pkg/controllers/provisioning/provisioner.go (Validate) and
// pkg/apis/v1/nodeclaim_validation.go (ValidateRequirement).
import { describe, expect, it } from '@jest/globals';
import { karpenterRequirements, karpenterValidate } from '../oracle/karpenter';

describe('oracle regressions, Karpenter v1.14', () => {
  it("a Gte bound near 2^63 stays exact (Go int, not a float)", () => {
    // karpenterRequirements, seed 1, "existing" (ours >=9223372036854776000)
    const input = {"requirements": [{"key": "team", "operator": "Gte", "values": ["9223372036854775806"]}], "labels": {}, "pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}]}}};
    // oracle answer, verbatim
    const upstream = {"existing": ["team Exists >=9223372036854775806"], "incoming": [], "compatible": [""], "intersects": []};
    const ours = karpenterRequirements.ours(input as never);
    expect(ours.existing).toEqual(['team Exists >=9223372036854775806']);
    expect(karpenterRequirements.compare(ours, upstream as never)).toEqual([]);
  });
  it("Lt -9223372036854775808 wraps to <=9223372036854775807, as value-- does on a Go int", () => {
    // karpenterRequirements, seed 1, "compatible; incoming; intersects" (ours <=-9223372036854776000)
    const input = {"requirements": [{"key": "team", "operator": "In", "values": ["a"]}], "labels": {}, "pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "team", "operator": "Lt", "values": ["-9223372036854775808"]}]}]}}}}}};
    // oracle answer, verbatim
    const upstream = {"existing": ["team In [a]"], "incoming": ["team Exists <=9223372036854775807"], "compatible": ["key team, team Exists <=9223372036854775807 not in team In [a]"], "intersects": ["key team, team Exists <=9223372036854775807 not in team In [a]"]};
    const ours = karpenterRequirements.ours(input as never);
    expect(karpenterRequirements.compare(ours, upstream as never)).toEqual([]);
  });
  it("Gt MaxInt is DoesNotExist without its minValues (NewRequirement passes none)", () => {
    // karpenterRequirements, seed 4, "existing" (ours "team DoesNotExist minValues 1")
    const input = {"requirements": [{"key": "team", "operator": "Gt", "values": ["9223372036854775807"], "minValues": 1}], "labels": {}, "pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}]}}};
    // oracle answer, verbatim
    const upstream = {"existing": ["team DoesNotExist"], "incoming": [], "compatible": [""], "intersects": []};
    const ours = karpenterRequirements.ours(input as never);
    expect(karpenterRequirements.compare(ours, upstream as never)).toEqual([]);
  });
  it("Validate refuses a value that is not a label value, as v1.ValidateRequirement does, before the Gt/Lt check", () => {
    // karpenterValidate, seed 1, "parts" (the invalid value error missing)
    const input = {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "team", "operator": "Lt", "values": ["-10"]}]}]}}}}}};
    // oracle answer, verbatim
    const upstream = {"error": "invalid value -10 for key team, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'); key team with operator Lt must have a single positive integer value", "parts": ["invalid value -10 for key team, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')", "key team with operator Lt must have a single positive integer value"]};
    const ours = karpenterValidate.ours(input as never);
    expect(karpenterValidate.compare(ours, upstream as never)).toEqual([]);
  });
  it("two matchFields terms give the error twice (multierr keeps repeats)", () => {
    // karpenterValidate, seed 1, "error" (ours once)
    const input = {"pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "image": "registry.example/app:1"}], "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n0"]}]}, {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n0"]}]}]}}}}}};
    // oracle answer, verbatim
    const upstream = {"error": "node selector term with matchFields is not supported; node selector term with matchFields is not supported", "parts": ["node selector term with matchFields is not supported", "node selector term with matchFields is not supported"]};
    const ours = karpenterValidate.ours(input as never);
    expect(ours.error).toBe('node selector term with matchFields is not supported; node selector term with matchFields is not supported');
    expect(karpenterValidate.compare(ours, upstream as never)).toEqual([]);
  });
});
