package main

// The schedulerConfig domain (issue 36): the scheduling question with a KubeSchedulerConfiguration
// (kubescheduler.config.k8s.io/v1) beside it, answered as a kube-scheduler started with that configuration answers it.
//   - The configuration is decoded as kube-scheduler's --config is (cmd/kube-scheduler/app/options/configfile.go
//     loadConfig: scheme.Codecs.UniversalDecoder, strict, which applies the v1 defaults: profiles, the plugins merged
//     with the default ones, every enabled plugin's args), then validated as Options.Validate does
//     (validation.ValidateKubeSchedulerConfiguration, whose Aggregate lists each error). An invalid configuration is
//     answered with those texts, as kube-scheduler refuses to start with them.
//   - Otherwise the scheduler is scheduler.New with scheduler.WithProfiles(cfg.Profiles...), as server.go Setup
//     builds it; percentageOfNodesToScore stays 100 (every node scored, as the scheduling domain) unless the
//     configuration sets it. One scheduler per distinct configuration, the last few kept (building one costs about a
//     millisecond, and the generated configurations seldom repeat).
//   - The pod is answered by the profile its spec.schedulerName names, exactly as the scheduling domain answers
//     (scheduling.go decide). A schedulerName no profile has: the scheduler's pod informer never hands the pod to
//     any profile (eventhandlers.go responsibleForPod), there is no event and no verdict; the answer says so.

import (
	"context"
	"encoding/json"
	"fmt"

	sigsjson "sigs.k8s.io/json"

	v1 "k8s.io/api/core/v1"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
	"k8s.io/kubernetes/pkg/scheduler/apis/config/validation"
	"k8s.io/utils/ptr"
)

type schedulerConfigInput struct {
	schedulingInput
	// Configuration is the KubeSchedulerConfiguration object (what kube-scheduler's --config file holds, as JSON)
	Configuration json.RawMessage `json:"configuration"`
	// Services select the pods PodTopologySpread's default constraints apply to (helper.DefaultSelector): without
	// one (or an owning ReplicaSet or StatefulSet) a pod gets no default constraint
	Services []v1.Service `json:"services"`
}

type schedulerConfigOutput struct {
	// DecodeError: the decoder refused the configuration (strict decoding: an unknown or duplicate field, a bad type)
	DecodeError string `json:"decodeError,omitempty"`
	// Invalid: ValidateKubeSchedulerConfiguration's errors, each error's text (the Aggregate flattened)
	Invalid []string `json:"invalid,omitempty"`
	// NewError: scheduler.New refused the valid configuration (a plugin's New, profile.NewMap)
	NewError string `json:"newError,omitempty"`
	// NoProfile: the pod's schedulerName, which no profile has
	NoProfile string `json:"noProfile,omitempty"`
	*schedulingOutput
}

// configuredScheduler is one configuration's scheduler, with the context that stops its goroutines (the cache's
// cleanup, asynchronous preemption) when it is dropped.
type configuredScheduler struct {
	key    string
	oracle *schedulingOracle
	stop   context.CancelFunc
}

// configuredSchedulers keeps the most recently used schedulers, newest last.
type configuredSchedulers struct {
	keep    int
	entries []*configuredScheduler
}

var configured = &configuredSchedulers{keep: 8}

func (c *configuredSchedulers) get(ctx context.Context, key string, cfg *config.KubeSchedulerConfiguration, percentageSet bool) (*schedulingOracle, error) {
	for i, e := range c.entries {
		if e.key == key {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			return e.oracle, nil
		}
	}
	percentage := ptr.To[int32](100)
	if percentageSet {
		percentage = cfg.PercentageOfNodesToScore
	}
	sctx, stop := context.WithCancel(ctx)
	o, err := newSchedulingOracleWith(sctx, scheduler.WithProfiles(cfg.Profiles...), scheduler.WithPercentageOfNodesToScore(percentage))
	if err != nil {
		stop()
		return nil, err
	}
	if len(c.entries) >= c.keep {
		c.entries[0].stop()
		c.entries = c.entries[1:]
	}
	c.entries = append(c.entries, &configuredScheduler{key: key, oracle: o, stop: stop})
	return o, nil
}

// decodeSchedulerConfiguration is loadConfig's decoding (configfile.go) and Options.Validate's validation.
func decodeSchedulerConfiguration(raw []byte) (*config.KubeSchedulerConfiguration, *schedulerConfigOutput) {
	obj, gvk, err := scheme.Codecs.UniversalDecoder().Decode(raw, nil, nil)
	if err != nil {
		return nil, &schedulerConfigOutput{DecodeError: err.Error()}
	}
	cfg, ok := obj.(*config.KubeSchedulerConfiguration)
	if !ok {
		return nil, &schedulerConfigOutput{DecodeError: fmt.Sprintf("couldn't decode as KubeSchedulerConfiguration, got %s: ", gvk)}
	}
	cfg.TypeMeta.APIVersion = gvk.GroupVersion().String()
	if agg := validation.ValidateKubeSchedulerConfiguration(cfg); agg != nil {
		out := &schedulerConfigOutput{Invalid: []string{}}
		for _, e := range utilerrors.Flatten(agg).Errors() {
			out.Invalid = append(out.Invalid, e.Error())
		}
		return nil, out
	}
	return cfg, nil
}

func schedulerConfigAnswer(ctx context.Context, raw []byte) (*schedulerConfigOutput, error) {
	var in schedulerConfigInput
	if err := sigsjson.UnmarshalCaseSensitivePreserveInts(raw, &in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	if len(in.Configuration) == 0 {
		return nil, fmt.Errorf("input: no configuration")
	}
	cfg, refused := decodeSchedulerConfiguration(in.Configuration)
	if refused != nil {
		return refused, nil
	}
	// whether the case sets percentageOfNodesToScore (the decoder defaults it to 0, adaptive)
	var top map[string]json.RawMessage
	if err := json.Unmarshal(in.Configuration, &top); err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	_, percentageSet := top["percentageOfNodesToScore"]
	o, err := configured.get(ctx, string(in.Configuration), cfg, percentageSet)
	if err != nil {
		return &schedulerConfigOutput{NewError: err.Error()}, nil
	}
	// the schedulerName as the API server defaults it (SetObjectDefaults_Pod: default-scheduler when empty)
	pod, err := admitPod(ctx, in.Pod.DeepCopy(), "incoming")
	if err != nil {
		return nil, fmt.Errorf("pod: %w", err)
	}
	if o.fw = o.sched.Profiles[pod.Spec.SchedulerName]; o.fw == nil {
		return &schedulerConfigOutput{NoProfile: pod.Spec.SchedulerName}, nil
	}
	unload, err := o.loadObjects(in.Services, nil)
	if err != nil {
		return nil, err
	}
	defer unload()
	out, err := o.decide(ctx, &in.schedulingInput)
	if err != nil {
		return nil, err
	}
	return &schedulerConfigOutput{schedulingOutput: out}, nil
}
