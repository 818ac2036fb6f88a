package main

// karpenterVolumes: a pod with claims and the storage objects (PersistentVolumeClaims, PersistentVolumes,
// StorageClasses) against Karpenter's volume handling (pkg/controllers/provisioning/scheduling/volumetopology.go):
// (*Provisioner).Validate (its last check is ValidatePersistentVolumeClaims; a failing pod is ignored), then
// VolumeTopology.GetRequirements (the alternatives), then, as NodeClaim.CanAdd does (nodeclaim.go), the pod's
// requirements against the NodeClaim's and each alternative's through tryVolumeAlternative's Compatible. The objects
// are served by a controller-runtime fake client built per question (the same NotFound texts as the API server's).
//
// Compatible walks Go maps (first undefined key, one Intersects part per key): each answer is every distinct text of
// `tries` calls (requirements.go), parts sorted, as in karpenterRequirements. 64 calls could miss a text: a key that
// Go's map iteration rarely puts first (a CI run found one such case in about 30,000).

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	corev1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	sigsjson "sigs.k8s.io/json"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/controllers/provisioning"
	pscheduling "sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling"
	"sigs.k8s.io/karpenter/pkg/scheduling"
)

type volumesInput struct {
	Pod          corev1.Pod                                `json:"pod"`
	Storage      []json.RawMessage                         `json:"storage"`
	Requirements []v1.NodeSelectorRequirementWithMinValues `json:"requirements"`
	Labels       map[string]string                         `json:"labels"`
}

type volumesOutput struct {
	// Validate: Provisioner.Validate's error ("" when the pod is not ignored).
	Validate string `json:"validate"`
	// Alternatives: GetRequirements' alternatives in order, each Requirement.String() sorted (none when Validate failed).
	Alternatives [][]string `json:"alternatives"`
	// RequirementsError: GetRequirements' error, when Validate passed.
	RequirementsError string `json:"requirementsError"`
	// PodCompatible: the NodeClaim's requirements against the pod's (every distinct answer).
	PodCompatible []string `json:"podCompatible"`
	// VolumeCompatible: per alternative, every distinct answer of Compatible against the NodeClaim's requirements
	// with the pod's added (only when the pod's are compatible).
	VolumeCompatible [][]string `json:"volumeCompatible"`
}

func storageObject(raw json.RawMessage) (client.Object, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, err
	}
	var obj client.Object
	switch head.Kind {
	case "PersistentVolumeClaim":
		obj = &corev1.PersistentVolumeClaim{}
	case "PersistentVolume":
		obj = &corev1.PersistentVolume{}
	case "StorageClass":
		obj = &storagev1.StorageClass{}
	default:
		return nil, fmt.Errorf("storage kind %q not served", head.Kind)
	}
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, obj); err != nil {
		return nil, err
	}
	return obj, nil
}

// scopedClient drops the namespace of a Get for a cluster-scoped kind, as the real client does (controller-runtime's
// typed client: NamespaceIfScoped): getPersistentVolumeRequirements asks for the PV with the pod's namespace, which the
// fake client's tracker would take literally and answer NotFound.
type scopedClient struct{ client.Client }

func (c scopedClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	switch obj.(type) {
	case *corev1.PersistentVolume, *storagev1.StorageClass:
		key.Namespace = ""
	}
	return c.Client.Get(ctx, key, obj, opts...)
}

func distinct(f func() error) []string {
	seen := map[string]bool{}
	out := []string{}
	for i := 0; i < tries; i++ {
		c := canonical(f())
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

func volumesAnswer(ctx context.Context, raw []byte) (any, error) {
	var in volumesInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	objs := []client.Object{}
	for _, r := range in.Storage {
		o, err := storageObject(r)
		if err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
		objs = append(objs, o)
	}
	kube := scopedClient{fake.NewClientBuilder().WithObjects(objs...).Build()}
	out := volumesOutput{Alternatives: [][]string{}, PodCompatible: []string{}, VolumeCompatible: [][]string{}}
	if err := provisioning.NewProvisioner(kube, nil, nil, nil, nil, nil, nil).Validate(ctx, &in.Pod); err != nil {
		out.Validate = err.Error()
		return out, nil
	}
	alternatives, err := pscheduling.NewVolumeTopology(kube).GetRequirements(ctx, &in.Pod)
	if err != nil {
		out.RequirementsError = err.Error()
		return out, nil
	}
	for _, alt := range alternatives {
		out.Alternatives = append(out.Alternatives, strs(alt))
	}
	// NewNodeClaimTemplate's requirements (the caller's list and labels, plus registered/initialized), and
	// NewNodeClaim's hostname placeholder; then CanAdd's Compatible steps.
	existing := scheduling.NewNodeSelectorRequirementsWithMinValues(in.Requirements...)
	existing.Add(scheduling.NewLabelRequirements(in.Labels).Values()...)
	existing.Add(scheduling.NewRequirement(v1.NodeRegisteredLabelKey, corev1.NodeSelectorOpIn, "true"))
	existing.Add(scheduling.NewRequirement(v1.NodeInitializedLabelKey, corev1.NodeSelectorOpIn, "true"))
	existing.Add(scheduling.NewRequirement(corev1.LabelHostname, corev1.NodeSelectorOpIn, "hostname-placeholder-0001"))
	podReqs := scheduling.NewPodRequirements(&in.Pod)
	out.PodCompatible = distinct(func() error { return existing.Compatible(podReqs, scheduling.AllowUndefinedWellKnownLabels) })
	if out.PodCompatible[0] != "" || len(out.PodCompatible) != 1 {
		return out, nil
	}
	base := scheduling.NewRequirements(existing.Values()...)
	base.Add(podReqs.Values()...)
	for _, alt := range alternatives {
		if alt == nil {
			out.VolumeCompatible = append(out.VolumeCompatible, []string{""})
			continue
		}
		out.VolumeCompatible = append(out.VolumeCompatible, distinct(func() error { return base.Compatible(alt, scheduling.AllowUndefinedWellKnownLabels) }))
	}
	return out, nil
}
