// Go's encoding/json Unmarshal as the API server runs it on the tolerations annotation (go-json.ts). The syntax errors are
// the rows of Go 1.26's src/encoding/json/decode_test.go (unmarshalTests' SyntaxError rows) and the scanner's other
// states, each checked against the oracle (oracle/k8s-*: ValidateTolerationsInPodAnnotations prints the error); the type
// errors as decode.go's UnmarshalTypeError words them for []core.Toleration (an internal type without json tags).
import { goJsonSyntaxError, unmarshalTolerations } from './go-json';

describe('goJsonSyntaxError (scanner.go checkValid)', () => {
  test.each<[string, string | undefined]>([
    // decode_test.go unmarshalTests
    ['', 'unexpected end of JSON input'],
    [' \n\r\t', 'unexpected end of JSON input'],
    ['[2, 3', 'unexpected end of JSON input'],
    ['{"X": "foo", "Y"}', "invalid character '}' after object key"],
    ['[1, 2, 3+]', "invalid character '+' after array element"],
    ['{"X":12x}', "invalid character 'x' after object key:value pair"],
    ['{"F3": -}', "invalid character '}' in numeric literal"],
    ['\x01 42', "invalid character '\\x01' looking for beginning of value"],
    [' 42 \x01', "invalid character '\\x01' after top-level value"],
    [' "string" \x01', "invalid character '\\x01' after top-level value"],
    // the other states, as the oracle answered them
    ['[{"key":"a",}]', "invalid character '}' looking for beginning of object key string"],
    ["[{'key':'a'}]", "invalid character '\\'' looking for beginning of object key string"],
    ['[{"key":"a" "operator":"Exists"}]', 'invalid character \'"\' after object key:value pair'],
    ['[{"key":"a"}] x', "invalid character 'x' after top-level value"],
    ['[{"key":"a"}]x', "invalid character 'x' after top-level value"],
    ['[{key: a}]', "invalid character 'k' looking for beginning of object key string"],
    ['[tru]', "invalid character ']' in literal true (expecting 'e')"],
    ['[nul', "invalid character ' ' in literal null (expecting 'l')"],
    ['fals', "invalid character ' ' in literal false (expecting 'e')"],
    ['[-', "invalid character ' ' in numeric literal"],
    ['-', "invalid character ' ' in numeric literal"],
    ['[1.]', "invalid character ']' after decimal point in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['[1e+]', "invalid character ']' in exponent of numeric literal"],
    ['[01]', "invalid character '1' after array element"],
    ['01', "invalid character '1' after top-level value"],
    ['["a\\x"]', "invalid character 'x' in string escape code"],
    ['["\\u12g4"]', "invalid character 'g' in \\u hexadecimal character escape"],
    ['["\\', "invalid character ' ' in string escape code"],
    ['["\\u1', "invalid character ' ' in \\u hexadecimal character escape"],
    ['["a\tb"]', "invalid character '\\t' in string literal"],
    ['["a', 'unexpected end of JSON input'],
    ['{"a"', 'unexpected end of JSON input'],
    ['[{"key":"a","operator":"Exists","tolerationSeconds":3', 'unexpected end of JSON input'],
    // a byte past ASCII is read as the rune of its value (quoteChar(c byte)): é is C3 A9
    ['[é]', "invalid character 'Ã' looking for beginning of value"],
    ['[\u00a0]', "invalid character 'Â' looking for beginning of value"],
    ['[\u007f]', "invalid character '\\x7f' looking for beginning of value"],
    ['[\\]', "invalid character '\\\\' looking for beginning of value"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['{}', undefined],
    ['[]', undefined],
    [' [ {"a" : [1, -0.5e-3, true, false, null, "\\u00e9\\n"]} ] ', undefined],
  ])('%j', (text, want) => {
    expect(goJsonSyntaxError(text)).toBe(want);
  });

  test('nesting deeper than 10000 is refused (scanner.go maxNestingDepth)', () => {
    expect(goJsonSyntaxError('['.repeat(10000) + ']'.repeat(10000))).toBeUndefined();
    expect(goJsonSyntaxError('['.repeat(10001))).toBe("invalid character '[' exceeded max depth");
  });
});

describe('unmarshalTolerations (json.Unmarshal into []core.Toleration)', () => {
  const zero = { key: '', operator: '', value: '', effect: '' };
  test.each<[string, ReturnType<typeof unmarshalTolerations>]>([
    ['[{"key":"dedicated","operator":"Equal","value":"gpu","effect":"NoSchedule"}]', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] }],
    // no json tags: the Go field names, matched exactly or in any case; unknown keys ignored
    ['[{"KEY":"a","Operator":"Exists","effect":"NoExecute","tolerationseconds":30,"extra":{}}]', { tolerations: [{ key: 'a', operator: 'Exists', value: '', effect: 'NoExecute', tolerationSeconds: 30 }] }],
    // a key given twice: the last value counts; null leaves a string as it is and clears the pointer
    ['[{"key":"a","key":"b","value":"v","value":null,"tolerationSeconds":1,"tolerationSeconds":null}]', { tolerations: [{ key: 'b', operator: '', value: 'v', effect: '' }] }],
    ['[null, {}]', { tolerations: [zero, zero] }],
    ['null', { tolerations: [] }],
    ['[]', { tolerations: [] }],
    ['[{"tolerationSeconds":-9223372036854775808}]', { tolerations: [{ ...zero, tolerationSeconds: -9223372036854775808 }] }],
    ['{"key":"a"}', { error: 'json: cannot unmarshal object into Go value of type []core.Toleration' }],
    ['"a"', { error: 'json: cannot unmarshal string into Go value of type []core.Toleration' }],
    ['true', { error: 'json: cannot unmarshal bool into Go value of type []core.Toleration' }],
    ['12', { error: 'json: cannot unmarshal number into Go value of type []core.Toleration' }],
    ['["a"]', { error: 'json: cannot unmarshal string into Go value of type core.Toleration' }],
    ['[[1]]', { error: 'json: cannot unmarshal array into Go value of type core.Toleration' }],
    ['[{"key":"a"}, 5]', { error: 'json: cannot unmarshal number into Go value of type core.Toleration' }],
    ['[{"Key":1}]', { error: 'json: cannot unmarshal number into Go struct field Toleration.Key of type string' }],
    ['[{"operator":1}]', { error: 'json: cannot unmarshal number into Go struct field Toleration.Operator of type core.TolerationOperator' }],
    ['[{"effect":false}]', { error: 'json: cannot unmarshal bool into Go struct field Toleration.Effect of type core.TaintEffect' }],
    ['[{"value":{"a":1}}]', { error: 'json: cannot unmarshal object into Go struct field Toleration.Value of type string' }],
    ['[{"tolerationSeconds":"30"}]', { error: 'json: cannot unmarshal string into Go struct field Toleration.TolerationSeconds of type int64' }],
    ['[{"tolerationSeconds":[30]}]', { error: 'json: cannot unmarshal array into Go struct field Toleration.TolerationSeconds of type int64' }],
    // an integer field prints the number as written
    ['[{"tolerationSeconds":1.5}]', { error: 'json: cannot unmarshal number 1.5 into Go struct field Toleration.TolerationSeconds of type int64' }],
    ['[{"tolerationSeconds":1e3}]', { error: 'json: cannot unmarshal number 1e3 into Go struct field Toleration.TolerationSeconds of type int64' }],
    ['[{"tolerationSeconds":9223372036854775808}]', { error: 'json: cannot unmarshal number 9223372036854775808 into Go struct field Toleration.TolerationSeconds of type int64' }],
    // the first type error is kept, the decoding goes on; a syntax error anywhere comes first
    ['[{"key":1,"operator":2}]', { error: 'json: cannot unmarshal number into Go struct field Toleration.Key of type string' }],
    ['[{"key":1}, x]', { error: "invalid character 'x' looking for beginning of value" }],
  ])('%j', (text, want) => {
    expect(unmarshalTolerations(text)).toEqual(want);
  });

  test('escapes are decoded; a lone surrogate becomes U+FFFD, as Go unquotes it', () => {
    expect(unmarshalTolerations('[{"key":"a\\u00e9\\/b","value":"\\ud800x"}]')).toEqual({ tolerations: [{ key: 'aé/b', operator: '', value: '\uFFFDx', effect: '' }] });
  });
});
