// Container port names, as the API server checks them (pkg/apis/core/validation/validation.go validateContainerPorts):
// a name is optional; it must be an IANA_SVC_NAME (k8s.io/apimachinery/pkg/util/validation IsValidPortName, every
// message that applies), and a valid name may appear once per container. A Pod refused for it never reaches a node.
import { parseManifests } from '../loader';
import { resetConfiguration } from '../core/config';
import { validate } from '../engine/validate';
import { isValidPortName } from './names';
import type { KubeObject } from '../core/types';
import { failure, node } from '../../test/fixtures';

afterEach(resetConfiguration);

const pod = (...containers: Array<{ name: string; ports: object[] }>) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: containers.map((c) => ({ image: 'nginx', ...c })) } }) as KubeObject;
const errors = (...ports: object[]) => validate(pod({ name: 'c', ports })).map((e) => `${e.field}: ${e.message}`);
const ALNUM = 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)';
const LETTER = 'must contain at least one letter (a-z)';

// apimachinery validation_test.go TestIsValidPortName
describe('IsValidPortName (validation_test.go TestIsValidPortName)', () => {
  // (ours) and the longest name allowed, 15 characters (an IANA service name)
  test.each(['telnet', 're-mail-ck', 'pop3', 'a', 'a-1', '1-a', 'a-1-b-2-c', '1-a-2-b-3', 'baby-you-and-me'])('%s is valid', (name) => expect(isValidPortName(name)).toEqual([]));
  test.each([
    ['longerthan15characters', ['must be no more than 15 characters']],
    ['', [ALNUM, LETTER]],
    ['a'.repeat(16), ['must be no more than 15 characters']],
    ['12345', [LETTER]],
    ['1-2-3-4', [LETTER]],
    ['-begin', ['must not begin or end with a hyphen']],
    ['end-', ['must not begin or end with a hyphen']],
    ['two--hyphens', ['must not contain consecutive hyphens']],
    ['whois++', [ALNUM]],
    // (ours) every message that applies, in upstream's order
    ['-HTTP--Metrics-Port-', ['must be no more than 15 characters', ALNUM, 'must not contain consecutive hyphens', 'must not begin or end with a hyphen']],
    ['--', [LETTER, 'must not contain consecutive hyphens', 'must not begin or end with a hyphen']],
  ])('%s is refused', (name, msgs) => expect(isValidPortName(name)).toEqual(msgs));
});

// validation_test.go TestValidatePorts (its successCase and the name rows of errorCases)
describe('validateContainerPorts names (validation_test.go TestValidatePorts)', () => {
  const P = 'spec.containers[0].ports';
  test('successCase', () => {
    expect(errors(
      { name: 'abc', containerPort: 80, hostPort: 80, protocol: 'TCP' }, { name: 'easy', containerPort: 82, protocol: 'TCP' },
      { name: 'as', containerPort: 83, protocol: 'UDP' }, { name: 'do-re-me', containerPort: 84, protocol: 'UDP' }, { containerPort: 85, protocol: 'TCP' },
    )).toEqual([]);
  });
  test.each([
    ['name > 15 characters', [{ name: 'a'.repeat(16), containerPort: 80 }], [`${P}[0].name: Invalid value: "${'a'.repeat(16)}": must be no more than 15 characters`]],
    ['name contains invalid characters', [{ name: 'a.b.c', containerPort: 80 }], [`${P}[0].name: Invalid value: "a.b.c": ${ALNUM}`]],
    ['name is a number', [{ name: '80', containerPort: 80 }], [`${P}[0].name: Invalid value: "80": ${LETTER}`]],
    ['name not unique', [{ name: 'abc', containerPort: 80 }, { name: 'abc', containerPort: 81 }], [`${P}[1].name: Duplicate value: "abc"`]],
    // (ours) an invalid name is not remembered, so its repeat gets the same Invalid errors and no Duplicate
    ['(ours) an invalid name twice', [{ name: 'HTTP', containerPort: 80 }, { name: 'HTTP', containerPort: 81 }], [
      `${P}[0].name: Invalid value: "HTTP": ${ALNUM}`, `${P}[0].name: Invalid value: "HTTP": ${LETTER}`,
      `${P}[1].name: Invalid value: "HTTP": ${ALNUM}`, `${P}[1].name: Invalid value: "HTTP": ${LETTER}`,
    ]],
    // (ours) a name error does not hide the port number's
    ['(ours) with a bad port number', [{ name: 'a.b', containerPort: 70000 }], [
      `${P}[0].name: Invalid value: "a.b": ${ALNUM}`, `${P}[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive`,
    ]],
  ])('%s', (_name, ports, expected) => expect(errors(...ports)).toEqual(expected));

  test('(ours) names are unique per container, not per pod', () => {
    expect(validate(pod({ name: 'a', ports: [{ name: 'http', containerPort: 80 }] }, { name: 'b', ports: [{ name: 'http', containerPort: 81 }] }))).toEqual([]);
  });
});

test('a Pod with a bad port name is refused, with file, line and field', () => {
  const [p] = parseManifests(
    ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', 'spec:', '  containers:', '  - name: c', '    image: nginx', '    ports:',
      '    - name: http-metrics-port', '      containerPort: 9090', ''].join('\n'),
    'web.yaml',
  ).workloads();
  const msg = failure(() => expect(p).toBeSchedulableOn(node('n')));
  expect(msg).toContain('Pod default/web (web.yaml:1) would be rejected by the API server');
  expect(msg).toContain('  web.yaml:10: spec.containers[0].ports[0].name: Invalid value: "http-metrics-port": must be no more than 15 characters');
});
