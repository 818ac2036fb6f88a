// Long validation lists are capped, and Go structs are printed without pointer addresses.
import { validate } from '../engine/validate';
import { failure, node } from '../../test/fixtures';

// a placeholder chart value left everywhere: 30 containers without an image, and a misspelt update strategy
const placeholder = {
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    updateStrategy: { type: 'Rollingupdate', rollingUpdate: { maxUnavailable: 1 } },
    template: { metadata: { labels: { app: 'agent' } }, spec: { containers: Array.from({ length: 30 }, (_, i) => ({ name: `c${i}`, image: '' })) } },
  },
};

test('the matcher lists 10 field errors, then how many more', () => {
  const all = validate(placeholder as never);
  expect(all.length).toBeGreaterThan(30);
  const msg = failure(() => expect(placeholder).toBeSchedulableOn(node('n')));
  const listed = msg.split('\n').filter((l) => /^ {2}spec\./.test(l));
  expect(listed).toHaveLength(10);
  expect(msg).toContain(`\n  … and ${all.length - 10} more`);
});

// field/errors.go ErrorBody renders a struct with json.Marshal: a pointer as the value it points to (never an address),
// the internal types' Go field names, an unset IntOrString as 0
test('a set pointer field shows the value it points to, never an address', () => {
  const messages = validate(placeholder as never).map((e) => `${e.field}: ${e.message}`);
  const strategy = messages.find((m) => m.startsWith('spec.updateStrategy:'));
  expect(strategy).toContain('{"Type":"Rollingupdate","RollingUpdate":{"MaxUnavailable":1,"MaxSurge":0}}');
  expect(messages.join('\n')).not.toMatch(/0xc0/);
  const unset = { ...placeholder, spec: { ...placeholder.spec, updateStrategy: { type: 'Rollingupdate' } } };
  expect(validate(unset as never).map((e) => e.message).join('\n')).toContain('{"Type":"Rollingupdate","RollingUpdate":null}');
});

test('a StatefulSet OnDelete strategy with rollingUpdate shows its maxUnavailable', () => {
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' },
    spec: {
      serviceName: 'db', selector: { matchLabels: { app: 'db' } },
      updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 1, maxUnavailable: '50%' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'x' }] } },
    },
  };
  expect(validate(sts as never).map((e) => e.message).join('\n')).toContain('{"Partition":1,"MaxUnavailable":"50%"}');
});
