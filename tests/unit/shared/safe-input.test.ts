import { describe, expect, it } from 'vitest';
import { ID_MAX, INPUT_MESSAGES, entityId, safeText, unsafeTextProblem, uuidId } from '../../../shared/validation/safe-input';

// The edge rule every schema that reads a request builds on: text PostgreSQL can store as it
// was sent, and ids within PostgreSQL's integer.

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? 'ok' : result.error!.issues.map((i) => i.message));

describe('safeText', () => {
  const name = safeText('name').min(2, 'too short').max(8, 'too long');

  it('takes text with tabs, line breaks, emoji and combining marks as it is', () => {
    for (const value of ['Ana', 'a\tb', 'ab\r\ncd', '😀😀', 'e\u0301te', 'İß\u00a0x']) expect(name.parse(value)).toBe(value);
  });

  it('refuses a NUL or another control character with one message naming the field, before its other rules', () => {
    expect(['\u0000', 'ab\u0000', 'x'.repeat(20) + '\u0000', '\u001b[31m', 'a\u007f'].map((v) => messages(name.safeParse(v)))).toEqual(
      Array.from({ length: 5 }, () => [INPUT_MESSAGES.controlCharacters('name')]),
    );
  });

  it('refuses lone surrogates, but not a surrogate pair', () => {
    expect(['ab\ud800', '\udc00ab', 'a\udc00\ud800b'].map((v) => messages(name.safeParse(v)))).toEqual(
      Array.from({ length: 3 }, () => [INPUT_MESSAGES.loneSurrogate('name')]),
    );
    expect(unsafeTextProblem('\ud83d\ude00', 'name')).toBeUndefined();
  });

  it('says a missing value is required and any other type is not text, or what the form says', () => {
    expect([undefined, 5, ['a'], { a: 1 }, null].map((v) => messages(safeText('name').safeParse(v)))).toEqual([
      ['name is required'],
      ['name must be text'],
      ['name must be text'],
      ['name must be text'],
      ['name must be text'],
    ]);
    expect(messages(safeText('Name', { error: 'Name is required.' }).safeParse(5))).toEqual(['Name is required.']);
  });
});

describe('entityId', () => {
  const id = entityId('id');

  it('reads whole numbers from 1 to 2147483647, from a path (text) or JSON (a number)', () => {
    expect(['1', '42', String(ID_MAX), 7, ID_MAX].map((v) => id.parse(v))).toEqual([1, 42, ID_MAX, 7, ID_MAX]);
  });

  it('refuses zero, negatives, fractions, exponents, the integer overflow and non-numbers with one message', () => {
    const bad = ['0', '-1', '1.5', '1e3', '2147483648', '99999999999', '', ' 1', 'abc', 0, -1, 1.5, 2 ** 31, Number.NaN, null, true, ['1']];
    expect(bad.map((v) => messages(id.safeParse(v)))).toEqual(bad.map(() => [INPUT_MESSAGES.id('id')]));
  });
});

describe('uuidId', () => {
  it('takes a UUID in any case and refuses anything else before a query casts it', () => {
    const guid = uuidId('guid', 'guid must be a UUID');
    expect(guid.parse('9F783179-D3EA-5223-8A44-D4C3A1DEE76A')).toBe('9F783179-D3EA-5223-8A44-D4C3A1DEE76A');
    expect(['1', '9f783179-d3ea-5223-8a44-d4c3a1dee76', '9f783179-d3ea-5223-8a44-d4c3a1dee76a\u0000'].map((v) => messages(guid.safeParse(v)))).toEqual([
      ['guid must be a UUID'],
      ['guid must be a UUID'],
      [INPUT_MESSAGES.controlCharacters('guid')],
    ]);
  });
});
