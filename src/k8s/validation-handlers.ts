// A container's lifecycle hooks and probes as the API server validates them, after SetDefaults_Probe and
// SetDefaults_HTTPGetAction (pkg/apis/core/validation/validation.go validateLifecycle, validateLivenessProbe,
// validateReadinessProbe, validateStartupProbe, validateProbe, validateHandler and the actions' own checks, a sleep
// action's seconds against the pod's terminationGracePeriodSeconds included).
// Dropped before validation with the release's default gates, so never refused (pkg/api/pod/util.go
// dropDisabledFields): lifecycle.stopSignal (ContainerStopSignals, alpha and off at 1.33 … 1.37), and the 1.37 fields
// httpGet.protocol (H2CContainerProbe, alpha) and grpc.mode (GRPCContainerProbeTLS, alpha). Found by the corpus pass
// of the e2e oracle (kubernetes/api testdata's placeholder DaemonSet: a postStart hook with both exec and httpGet).
import type { FieldError } from '../core/types';
import { isValidPortName } from './names';
import { child, forbidden, invalid, IS_NEGATIVE, named, notSupported, PORT_NUM_RANGE, required, validPortNum } from './validation-field';

type Obj = Record<string, unknown>;

/** @upstream pkg/apis/core/validation/validation.go */
const MORE_THAN_ONE = 'may not specify more than 1 handler type';
/** @upstream pkg/apis/core/validation/validation.go */
const HANDLER_TYPE = 'must specify a handler type';
/** @upstream pkg/apis/core/validation/validation.go */
const NOT_FOR_READINESS = 'must not be set for readinessProbes';
/** validation.IsHTTPHeaderName: RegexError(httpHeaderNameErrMsg, httpHeaderNameFmt, "X-Header-Name"). */
const HEADER_NAME = "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')";
const HTTP_SCHEMES = ['HTTP', 'HTTPS'];
/** The handler types validateHandler checks, in its order (a probe has no sleep, a lifecycle hook no grpc). */
const PROBE_ACTIONS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const HOOK_ACTIONS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v as Obj : undefined);

/** ValidatePortNumOrName: a number (absent: 0) is a port number, a string a port name. */
function portNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalid(path, port, m));
  const n = typeof port === 'number' ? port : 0;
  return validPortNum(n) ? [] : [invalid(path, n, PORT_NUM_RANGE)];
}

/**
 * validateSleepAction: 0 … terminationGracePeriodSeconds. v1.33.13 says the same (PodLifecycleSleepActionAllowZero is
 * beta and on there; GA and locked from 1.34, the gate gone at 1.37).
 */
function validateSleep(action: Obj, gracePeriod: number, path: string): FieldError[] {
  const seconds = typeof action.seconds === 'number' ? action.seconds : 0;
  return seconds < 0 || seconds > gracePeriod
    ? [invalid(path, seconds, `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`)]
    : [];
}

function validateAction(kind: string, action: Obj, path: string, gracePeriod: number): FieldError[] {
  switch (kind) {
    case 'exec':
      return Array.isArray(action.command) && action.command.length ? [] : [required(child(path, 'command'))];
    case 'httpGet': {
      // path and scheme are defaulted ("/", HTTP) when empty
      const errs = portNumOrName(action.port, child(path, 'port'));
      const scheme = action.scheme;
      if (scheme != null && scheme !== '' && !HTTP_SCHEMES.includes(String(scheme))) errs.push(notSupported(child(path, 'scheme'), named(String(scheme)), HTTP_SCHEMES));
      for (const h of Array.isArray(action.httpHeaders) ? action.httpHeaders : []) {
        const name = String(obj(h)?.name ?? '');
        if (!/^[-A-Za-z0-9]+$/.test(name)) errs.push(invalid(child(path, 'httpHeaders'), name, HEADER_NAME));
      }
      return errs;
    }
    case 'tcpSocket':
      return portNumOrName(action.port, child(path, 'port'));
    case 'grpc':
      return portNumOrName(typeof action.port === 'number' ? action.port : 0, child(path, 'port'));
    default:
      return validateSleep(action, gracePeriod, path);
  }
}

/** validateHandler: exactly one handler type; the second and later are Forbidden, none is Required. */
function validateHandler(handler: Obj, actions: readonly string[], path: string, gracePeriod = 30): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const kind of actions) {
    const action = obj(handler[kind]);
    if (!action && handler[kind] == null) continue;
    if (count > 0) {
      errs.push(forbidden(child(path, kind), MORE_THAN_ONE));
      continue;
    }
    count++;
    errs.push(...validateAction(kind, action ?? {}, child(path, kind), gracePeriod));
  }
  if (count === 0) errs.push(required(path, HANDLER_TYPE));
  return errs;
}

const PROBE_COUNTS = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'];

/** validateProbe with the checks of its kind (liveness and startup: successThreshold 1; readiness: no grace period). */
function validateProbe(probe: Obj, kind: 'livenessProbe' | 'readinessProbe' | 'startupProbe', path: string): FieldError[] {
  const errs = validateHandler(probe, PROBE_ACTIONS, path);
  for (const f of PROBE_COUNTS) {
    const v = probe[f];
    if (typeof v === 'number' && v < 0) errs.push(invalid(child(path, f), v, IS_NEGATIVE));
  }
  const grace = probe.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && grace <= 0) errs.push(invalid(child(path, 'terminationGracePeriodSeconds'), grace, 'must be greater than 0'));
  if (kind === 'readinessProbe') {
    if (grace != null) errs.push(invalid(child(path, 'terminationGracePeriodSeconds'), grace, NOT_FOR_READINESS));
  } else {
    // SetDefaults_Probe: an absent (0) successThreshold is 1
    const success = typeof probe.successThreshold === 'number' && probe.successThreshold !== 0 ? probe.successThreshold : 1;
    if (success !== 1) errs.push(invalid(child(path, 'successThreshold'), success, 'must be 1'));
  }
  return errs;
}

/**
 * A regular container's (or a sidecar's) lifecycle hooks and probes, at the container's path. `gracePeriod`: the pod's
 * terminationGracePeriodSeconds after SetDefaults_PodSpec (30 when unset).
 */
export function validateHooksAndProbes(container: object, path: string, gracePeriod = 30): FieldError[] {
  const c = container as Obj;
  const errs: FieldError[] = [];
  const lifecycle = obj(c.lifecycle);
  if (lifecycle) {
    for (const hook of ['postStart', 'preStop']) {
      const handler = obj(lifecycle[hook]);
      if (handler) errs.push(...validateHandler(handler, HOOK_ACTIONS, child(child(path, 'lifecycle'), hook), gracePeriod));
    }
  }
  for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const probe = obj(c[kind]);
    if (probe) errs.push(...validateProbe(probe, kind, child(path, kind)));
  }
  return errs;
}
