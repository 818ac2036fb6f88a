package main

// The pods a workload's controller creates, built as the controllers build them, from the admitted (defaulted,
// versioned) workload: controller.GetPodFromTemplate (pkg/controller/controller_utils.go) for all of them, with
//   - Deployment: the ReplicaSet the deployment controller creates (sync.go getNewReplicaSet: the template's
//     pod-template-hash from controller.ComputeHash, added to the labels and the selector; named
//     `<deployment>-<hash>`, which generateReplicaSetName (1.34+) truncates only for names near 253 characters),
//     then that ReplicaSet's pods;
//   - StatefulSet: newVersionedStatefulSetPod with the revision newRevision makes (stateful_set_utils.go: the
//     `<name>-<ordinal>` identity, hostname, subdomain, pod-name, pod-index and controller-revision-hash labels);
//   - DaemonSet: util.CreatePodTemplate (the daemon tolerations, controller-revision-hash from controller.ComputeHash,
//     pod-template-generation) and per node util.ReplaceDaemonSetPodNodeNameNodeAffinity (daemon_controller.go syncNodes);
//   - Job: the job controller's template (job_controller.go manageJob: the completion finalizer; for an Indexed Job
//     the completion-index environment variable, annotation and label, and hostname `<job>-<index>`);
//   - CronJob: getJobFromTemplate2 (cronjob/utils.go), the Job through the API server's create path, then its pods.
// The unexported functions are reached through //go:linkname, like the node lifecycle controller's passes.

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	_ "unsafe" // go:linkname

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubernetes/pkg/controller"
	_ "k8s.io/kubernetes/pkg/controller/cronjob"
	daemonutil "k8s.io/kubernetes/pkg/controller/daemon/util"
	_ "k8s.io/kubernetes/pkg/controller/job"
	_ "k8s.io/kubernetes/pkg/controller/statefulset"
	labelsutil "k8s.io/kubernetes/pkg/util/labels"
)

//go:linkname newRevision k8s.io/kubernetes/pkg/controller/statefulset.newRevision
func newRevision(set *appsv1.StatefulSet, revision int64, collisionCount *int32) (*appsv1.ControllerRevision, error)

//go:linkname newVersionedStatefulSetPod k8s.io/kubernetes/pkg/controller/statefulset.newVersionedStatefulSetPod
func newVersionedStatefulSetPod(currentSet, updateSet *appsv1.StatefulSet, currentRevision, updateRevision string, ordinal int) *v1.Pod

//go:linkname addCompletionIndexEnvVariables k8s.io/kubernetes/pkg/controller/job.addCompletionIndexEnvVariables
func addCompletionIndexEnvVariables(template *v1.PodTemplateSpec)

//go:linkname addCompletionIndexAnnotation k8s.io/kubernetes/pkg/controller/job.addCompletionIndexAnnotation
func addCompletionIndexAnnotation(template *v1.PodTemplateSpec, index int)

//go:linkname addCompletionIndexLabel k8s.io/kubernetes/pkg/controller/job.addCompletionIndexLabel
func addCompletionIndexLabel(template *v1.PodTemplateSpec, index int)

//go:linkname appendJobCompletionFinalizerIfNotFound k8s.io/kubernetes/pkg/controller/job.appendJobCompletionFinalizerIfNotFound
func appendJobCompletionFinalizerIfNotFound(finalizers []string) []string

//go:linkname getJobFromTemplate2 k8s.io/kubernetes/pkg/controller/cronjob.getJobFromTemplate2
func getJobFromTemplate2(cj *batchv1.CronJob, scheduledTime time.Time) (*batchv1.Job, error)

var (
	replicaSetKind  = appsv1.SchemeGroupVersion.WithKind("ReplicaSet")
	deploymentKind  = appsv1.SchemeGroupVersion.WithKind("Deployment")
	daemonSetKind   = appsv1.SchemeGroupVersion.WithKind("DaemonSet")
	jobKind         = batchv1.SchemeGroupVersion.WithKind("Job")
	cronJobSchedule = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
)

// workloadPods is what the controller makes of a workload: the pods (before their create), the owner objects the
// scheduler's PodTopologySpread looks up (the ReplicaSet or StatefulSet), or why it makes none.
type workloadPods struct {
	// pod builds the pod with index i (a StatefulSet's ordinal, an Indexed Job's completion index); for a DaemonSet
	// i indexes the question's nodes.
	pod func(i int) (*v1.Pod, error)
	// created is a Pod workload as the API server stored it: it is not created again
	created *v1.Pod
	owners  []runtime.Object
	daemon  *appsv1.DaemonSet
	noPods  string
}

// controllerPods dispatches on the admitted workload (versioned). A Pod is its own pod.
func controllerPods(ctx context.Context, workload runtime.Object, nodes []*v1.Node, opts createOptions) (*workloadPods, *e2eRefusal, error) {
	switch w := workload.(type) {
	case *v1.Pod:
		return &workloadPods{created: w}, nil, nil
	case *appsv1.ReplicaSet:
		return replicaSetPods(w), nil, nil
	case *appsv1.Deployment:
		rs := deploymentReplicaSet(w)
		out := replicaSetPods(rs)
		return out, nil, nil
	case *appsv1.StatefulSet:
		return statefulSetPods(w)
	case *appsv1.DaemonSet:
		return daemonSetPods(w, nodes)
	case *batchv1.Job:
		return jobPods(w), nil, nil
	case *batchv1.CronJob:
		return cronJobPods(ctx, w, opts)
	}
	return nil, nil, fmt.Errorf("workload %T is not modelled", workload)
}

// fromTemplate is CreatePodsWithGenerateName up to the API call: GetPodFromTemplate, the generateName, and
// createPods' refusal of a pod without labels. The API server would draw the name's suffix at random; it is fixed.
func fromTemplate(template *v1.PodTemplateSpec, parent runtime.Object, ref *metav1.OwnerReference, generateName string, i int) (*v1.Pod, error) {
	pod, err := controller.GetPodFromTemplate(template, parent, ref)
	if err != nil {
		return nil, err
	}
	if generateName != "" {
		pod.GenerateName = generateName
	}
	if len(labels.Set(pod.Labels)) == 0 {
		return nil, fmt.Errorf("unable to create pods, no labels")
	}
	pod.Name = fmt.Sprintf("%se2e%d", pod.GenerateName, i)
	// the controllers create through a namespaced client (podControl.CreatePods(ctx, ds.Namespace, ...))
	if owner, err := meta.Accessor(parent); err == nil {
		pod.Namespace = owner.GetNamespace()
	}
	return pod, nil
}

func replicaSetPods(rs *appsv1.ReplicaSet) *workloadPods {
	ref := metav1.NewControllerRef(rs, replicaSetKind)
	return &workloadPods{
		pod:    func(i int) (*v1.Pod, error) { return fromTemplate(&rs.Spec.Template, rs, ref, "", i) },
		owners: []runtime.Object{rs},
	}
}

// deploymentReplicaSet is the new ReplicaSet of getNewReplicaSet (sync.go).
func deploymentReplicaSet(d *appsv1.Deployment) *appsv1.ReplicaSet {
	template := *d.Spec.Template.DeepCopy()
	hash := controller.ComputeHash(&template, d.Status.CollisionCount)
	template.Labels = labelsutil.CloneAndAddLabel(d.Spec.Template.Labels, appsv1.DefaultDeploymentUniqueLabelKey, hash)
	return &appsv1.ReplicaSet{
		ObjectMeta: metav1.ObjectMeta{
			Name:            d.Name + "-" + hash,
			Namespace:       d.Namespace,
			UID:             "e2e-replicaset",
			OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(d, deploymentKind)},
			Labels:          template.Labels,
		},
		Spec: appsv1.ReplicaSetSpec{
			Replicas:        new(int32),
			MinReadySeconds: d.Spec.MinReadySeconds,
			Selector:        labelsutil.CloneSelectorAndAddLabel(d.Spec.Selector, appsv1.DefaultDeploymentUniqueLabelKey, hash),
			Template:        template,
		},
	}
}

func statefulSetPods(set *appsv1.StatefulSet) (*workloadPods, *e2eRefusal, error) {
	revision, err := newRevision(set, 1, set.Status.CollisionCount)
	if err != nil {
		return nil, nil, err
	}
	return &workloadPods{
		pod: func(i int) (*v1.Pod, error) {
			return newVersionedStatefulSetPod(set, set, revision.Name, revision.Name, i), nil
		},
		owners: []runtime.Object{set},
	}, nil, nil
}

func daemonSetPods(ds *appsv1.DaemonSet, nodes []*v1.Node) (*workloadPods, *e2eRefusal, error) {
	generation, err := daemonutil.GetTemplateGeneration(ds)
	if err != nil {
		generation = nil
	}
	template := daemonutil.CreatePodTemplate(ds.Spec.Template, generation, controller.ComputeHash(&ds.Spec.Template, ds.Status.CollisionCount))
	ref := metav1.NewControllerRef(ds, daemonSetKind)
	return &workloadPods{
		pod: func(i int) (*v1.Pod, error) {
			podTemplate := template.DeepCopy()
			podTemplate.Spec.Affinity = daemonutil.ReplaceDaemonSetPodNodeNameNodeAffinity(podTemplate.Spec.Affinity, nodes[i].Name)
			return fromTemplate(podTemplate, ds, ref, "", i)
		},
		daemon: ds,
	}, nil, nil
}

// jobPods: manageJob's pod template; a suspended Job gets no pods (manageJob deletes its active pods).
func jobPods(job *batchv1.Job) *workloadPods {
	if job.Spec.Suspend != nil && *job.Spec.Suspend {
		return &workloadPods{noPods: "suspended"}
	}
	indexed := job.Spec.CompletionMode != nil && *job.Spec.CompletionMode == batchv1.IndexedCompletion
	podTemplate := job.Spec.Template.DeepCopy()
	if indexed {
		addCompletionIndexEnvVariables(podTemplate)
	}
	podTemplate.Finalizers = appendJobCompletionFinalizerIfNotFound(podTemplate.Finalizers)
	ref := metav1.NewControllerRef(job, jobKind)
	return &workloadPods{pod: func(i int) (*v1.Pod, error) {
		template, generateName := podTemplate, ""
		if indexed {
			template = podTemplate.DeepCopy()
			addCompletionIndexAnnotation(template, i)
			addCompletionIndexLabel(template, i)
			template.Spec.Hostname = fmt.Sprintf("%s-%d", job.Name, i)
			generateName = job.Name + "-" + strconv.Itoa(i) + "-" // podGenerateNameWithIndex, for names this short
		}
		return fromTemplate(template, job, ref, generateName, i)
	}}
}

// cronJobPods: the Job syncCronJob creates at a scheduled time, created through the API server (whose Job
// strategy generates the selector and the template's job labels), then its pods. A suspended CronJob creates no Job.
func cronJobPods(ctx context.Context, cj *batchv1.CronJob, opts createOptions) (*workloadPods, *e2eRefusal, error) {
	if cj.Spec.Suspend != nil && *cj.Spec.Suspend {
		return &workloadPods{noPods: "suspended"}, nil, nil
	}
	job, err := getJobFromTemplate2(cj, cronJobSchedule)
	if err != nil {
		return nil, nil, err
	}
	job.Namespace = cj.Namespace
	job.APIVersion, job.Kind = jobKind.GroupVersion().String(), jobKind.Kind
	body, err := json.Marshal(job)
	if err != nil {
		return nil, nil, err
	}
	internal, gvk, refused, err := createObject(ctx, body, createOptions{lenient: true, mutating: opts.mutating, validating: opts.validating, uid: "e2e-job"})
	if err != nil {
		return nil, nil, err
	}
	if refused != nil {
		return nil, &e2eRefusal{Object: "job", createOutput: refused}, nil
	}
	versioned, err := toVersioned(internal, gvk)
	if err != nil {
		return nil, nil, err
	}
	return jobPods(versioned.(*batchv1.Job)), nil, nil
}
