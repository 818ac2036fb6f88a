// NodeDeclaredFeatures' status reasons, verbatim.

/**
 * nodedeclaredfeatures.go errReasonUnsatisfiedRequirements (v1.36.3, v1.37.2).
 * @upstream pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go
 */
export const ErrReasonUnsatisfiedRequirements = "node(s) didn't match Pod's required features";

/**
 * v1.35.4 (alpha): `fmt.Sprintf("node declared features check failed - unsatisfied requirements: %s",
 * strings.Join(result.UnsatisfiedRequirements, ", "))`, the names in Go's map order (one name at most at 1.35: only
 * RestartAllContainersOnContainerExits is inferred for scheduling).
 */
export const unsatisfiedRequirementsReason = (names: readonly string[]) =>
  `node declared features check failed - unsatisfied requirements: ${names.join(', ')}`;
