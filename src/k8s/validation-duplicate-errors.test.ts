// Release delta (issue 21): from 1.37 the API server drops the handwritten errors that declarative validation covers
// and appends the declarative one (staging/src/k8s.io/apiserver/pkg/registry/rest/validate.go
// ValidateDeclarativelyWithMigrationChecks at v1.37.2), so a check that ran twice upstream reports once. The create-path
// oracle found it (test/e2e/oracle-regressions-create.test.ts).
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';

// a StatefulSet template label is checked by ValidateLabels twice up to 1.36: once as template metadata, once as pod metadata
const sts = {
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
  spec: {
    serviceName: 'db', selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db', tier: '-x' } }, spec: { containers: [{ name: 'c', image: 'postgres' }] } },
  },
};
const labelError = (errors: Array<{ field: string }>) => errors.filter((e) => e.field === 'spec.template.labels').length;

test('1.36: the bad template label is reported twice', () => {
  expect(withConfiguration({ kubernetesVersion: '1.36' }, () => labelError(validate(sts as never)))).toBe(2);
});

test('1.37: once', () => {
  expect(withConfiguration({ kubernetesVersion: '1.37' }, () => labelError(validate(sts as never)))).toBe(1);
});
