package main

// taintEviction: when the taint-eviction controller deletes a pod with these tolerations from a node with these
// taints (pkg/controller/tainteviction/taint_eviction.go). handlePodUpdate and handleNodeUpdate keep the node's
// NoExecute taints (getNoExecuteTaints), return when there are none (the pod is never deleted), and otherwise call
// processPodOnNode with now = time.Now(): the taints' timeAdded is not read. processPodOnNode and the two helpers are
// unexported, so they are copied below (drift_test.go) and run against a recording stand-in for the controller's
// queue; its AddWork(createdAt, fireAt) is the decision: fireAt - now is the delay, no AddWork means never.

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
)

// WorkArgs, NewWorkArgs, TimedWorker: the queue's types as processPodOnNode uses them (timed_workers.go).
type WorkArgs struct{ NamespacedName types.NamespacedName }

func NewWorkArgs(name, namespace string) *WorkArgs {
	return &WorkArgs{types.NamespacedName{Namespace: namespace, Name: name}}
}

type TimedWorker struct{ CreatedAt time.Time }

// recordingQueue holds no scheduled work (each question is a fresh pod) and records the AddWork call.
type recordingQueue struct {
	added  bool
	fireAt time.Time
}

func (q *recordingQueue) AddWork(_ context.Context, _ *WorkArgs, _ time.Time, fireAt time.Time) {
	q.added, q.fireAt = true, fireAt
}
func (q *recordingQueue) GetWorkerUnsafe(string) *TimedWorker { return nil }

type Controller struct{ taintEvictionQueue *recordingQueue }

func (tc *Controller) cancelWorkWithEvent(klog.Logger, types.NamespacedName) {}

type evictionInput struct {
	Tolerations []v1.Toleration `json:"tolerations"`
	Taints      []v1.Taint      `json:"taints"`
}

// evictionOutput: Never, or AfterNanos (the delay as a decimal int64 of nanoseconds; "0" is at once).
type evictionOutput struct {
	Never      bool   `json:"never,omitempty"`
	AfterNanos string `json:"afterNanos,omitempty"`
}

func evictionAnswer(ctx context.Context, raw []byte) (any, error) {
	var in evictionInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	taints := getNoExecuteTaints(in.Taints)
	if len(taints) == 0 {
		return evictionOutput{Never: true}, nil
	}
	tc := &Controller{taintEvictionQueue: &recordingQueue{}}
	now := time.Unix(1_700_000_000, 0)
	tc.processPodOnNode(ctx, types.NamespacedName{Namespace: "default", Name: "p"}, "n", in.Tolerations, taints, now)
	if !tc.taintEvictionQueue.added {
		return evictionOutput{Never: true}, nil
	}
	return evictionOutput{AfterNanos: strconv.FormatInt(int64(tc.taintEvictionQueue.fireAt.Sub(now)), 10)}, nil
}

// Copied from k8s.io/kubernetes pkg/controller/tainteviction/taint_eviction.go (unexported), the same at every
// release but for one call: v1helper.GetMatchingTolerations takes a logger from 1.35, so the copy calls the
// release's getMatchingTolerations (release.go); drift_test.go compares with the tag's text, that call read as ours.
// BEGIN COPY tainteviction
func getNoExecuteTaints(taints []v1.Taint) []v1.Taint {
	result := []v1.Taint{}
	for i := range taints {
		if taints[i].Effect == v1.TaintEffectNoExecute {
			result = append(result, taints[i])
		}
	}
	return result
}

// getMinTolerationTime returns minimal toleration time from the given slice, or -1 if it's infinite.
func getMinTolerationTime(tolerations []v1.Toleration) time.Duration {
	minTolerationTime := int64(math.MaxInt64)
	if len(tolerations) == 0 {
		return 0
	}

	for i := range tolerations {
		if tolerations[i].TolerationSeconds != nil {
			tolerationSeconds := *(tolerations[i].TolerationSeconds)
			if tolerationSeconds <= 0 {
				return 0
			} else if tolerationSeconds < minTolerationTime {
				minTolerationTime = tolerationSeconds
			}
		}
	}

	if minTolerationTime == int64(math.MaxInt64) {
		return -1
	}
	return time.Duration(minTolerationTime) * time.Second
}

func (tc *Controller) processPodOnNode(
	ctx context.Context,
	podNamespacedName types.NamespacedName,
	nodeName string,
	tolerations []v1.Toleration,
	taints []v1.Taint,
	now time.Time,
) {
	logger := klog.FromContext(ctx)
	if len(taints) == 0 {
		tc.cancelWorkWithEvent(logger, podNamespacedName)
	}
	allTolerated, usedTolerations := getMatchingTolerations(logger, taints, tolerations)
	if !allTolerated {
		logger.V(2).Info("Not all taints are tolerated after update for pod on node", "pod", podNamespacedName.String(), "node", klog.KRef("", nodeName))
		// We're canceling scheduled work (if any), as we're going to delete the Pod right away.
		tc.cancelWorkWithEvent(logger, podNamespacedName)
		tc.taintEvictionQueue.AddWork(ctx, NewWorkArgs(podNamespacedName.Name, podNamespacedName.Namespace), now, now)
		return
	}
	minTolerationTime := getMinTolerationTime(usedTolerations)
	// getMinTolerationTime returns negative value to denote infinite toleration.
	if minTolerationTime < 0 {
		logger.V(4).Info("Current tolerations for pod tolerate forever, cancelling any scheduled deletion", "pod", podNamespacedName.String())
		tc.cancelWorkWithEvent(logger, podNamespacedName)
		return
	}

	startTime := now
	triggerTime := startTime.Add(minTolerationTime)
	scheduledEviction := tc.taintEvictionQueue.GetWorkerUnsafe(podNamespacedName.String())
	if scheduledEviction != nil {
		startTime = scheduledEviction.CreatedAt
		if startTime.Add(minTolerationTime).Before(triggerTime) {
			return
		}
		tc.cancelWorkWithEvent(logger, podNamespacedName)
	}
	tc.taintEvictionQueue.AddWork(ctx, NewWorkArgs(podNamespacedName.Name, podNamespacedName.Namespace), startTime, triggerTime)
}

// END COPY
