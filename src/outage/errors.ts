/** An outage's usage error: a bad cluster, failure or option, or a query about a workload that is not there. */
export class OutageError extends Error {}
