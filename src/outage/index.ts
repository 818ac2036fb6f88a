// When nodes or a zone fail: simulateOutage and its helpers (issue 13).
export { simulateOutage, zone, nodesDown, drain, formatEvents, OutageError, type Outage, type OutageEvent, type PodRecord, type WorkloadState, type Component } from './simulate';
export { computeZoneState, zoneEvictionRate, zoneKey, noExecuteTaintTimes, zonesAfterFailure, NODE_MONITOR_GRACE_PERIOD, NODE_EVICTION_RATE, SECONDARY_NODE_EVICTION_RATE, LARGE_CLUSTER_SIZE_THRESHOLD, UNHEALTHY_ZONE_THRESHOLD, type ZoneState, type ZoneView } from '../controllers/node-lifecycle';
export type { Cluster, Failure, FailureCondition, OutageOptions } from './types';
export type { DrainOptions, DrainResult, DrainRefusal, DrainNodeResult } from './drain';
export { outcomeOf, failureTitle, type OutageOutcome } from './summary';
