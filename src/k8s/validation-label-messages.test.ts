// apimachinery's label key and value messages: 1.35 moved IsQualifiedName and IsValidLabelValue to
// api/validate/content (kube.go IsLabelKey, errors.go MaxLenError), which say "a valid label key" and "bytes";
// v1.34.4 (and v1.33.13: the same util/validation/validation.go) says "a qualified name" and "characters".
// Checked against oracle/k8s-1.34 and k8s-1.35 (kubectlTaint, labelSelector and create domains).
import { describe, expect, it } from '@jest/globals';
import { parseTaint } from './kubectl-taint';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';

const LONG = 'x'.repeat(64);
const pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', labels: { app: LONG } },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], tolerations: [{ key: 'a/b/c', operator: 'Exists' }] },
};
const messages = (v: '1.34' | '1.35') => withConfiguration({ kubernetesVersion: v }, () => validate(pod as never).map((e) => e.message));
const kubectl = (v: '1.34' | '1.35') => withConfiguration({ kubernetesVersion: v }, () => {
  try {
    parseTaint(LONG);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
});

describe('label key and value messages before and after 1.35', () => {
  it('1.34: "characters" and "a qualified name"', () => {
    expect(messages('1.34')).toEqual([
      `Invalid value: "${LONG}": must be no more than 63 characters`,
      expect.stringMatching(/^Invalid value: "a\/b\/c": a qualified name must consist of alphanumeric characters/),
    ]);
    expect(kubectl('1.34')).toContain('name part must be no more than 63 characters');
  });
  it('1.35: "bytes" and "a valid label key"', () => {
    expect(messages('1.35')).toEqual([
      `Invalid value: "${LONG}": must be no more than 63 bytes`,
      expect.stringMatching(/^Invalid value: "a\/b\/c": a valid label key must consist of alphanumeric characters/),
    ]);
    expect(kubectl('1.35')).toContain('name part must be no more than 63 bytes');
  });
});
