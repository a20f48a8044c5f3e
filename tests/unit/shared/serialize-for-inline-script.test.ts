import { describe, expect, it } from 'vitest';
import { serializeForInlineScript } from '../../../shared/serialize-for-inline-script';

describe('serializeForInlineScript', () => {
  it('escapes <, >, &, / and the two line separators, and stays valid JSON', () => {
    const value = { title: '</script><script>alert(1)</script> & <!-- \u2028\u2029 /' };
    const out = serializeForInlineScript(value);
    expect(out).not.toMatch(/[<>&/\u2028\u2029]/);
    expect(out).toBe(
      '{"title":"\\u003C\\u002Fscript\\u003E\\u003Cscript\\u003Ealert(1)\\u003C\\u002Fscript\\u003E \\u0026 \\u003C!-- \\u2028\\u2029 \\u002F"}',
    );
    expect(JSON.parse(out)).toEqual(value);
  });

  it('writes null for values JSON cannot express', () => {
    expect(serializeForInlineScript(undefined)).toBe('null');
  });
});
