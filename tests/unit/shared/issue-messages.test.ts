import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableIssue, useReadableIssueMessages } from '../../../shared/validation/issue-messages';

// Where a schema words nothing itself, every problem zod can report names its field and says
// what it takes: one case per issue code (issue 25: "Invalid input: expected nonoptional,
// received undefined" reached a client).

beforeAll(() => useReadableIssueMessages());
// Other unit tests in this worker keep zod's own words.
afterAll(() => void z.config({ customError: undefined }));

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('the words of a problem no schema worded', () => {
  it.each<[string, z.ZodType, unknown, string[]]>([
    ['invalid_type, missing', z.object({ data: z.object({ items: z.array(z.string()) }).optional().nonoptional() }), {}, ['data is required']],
    ['invalid_type, wrong', z.object({ setPublic: z.boolean(), name: z.string(), page: z.number().int() }), { setPublic: 'yes', name: 1, page: 1.5 }, ['setPublic must be true or false', 'name must be text', 'page must be a whole number']],
    ['invalid_type, a body that is no object', z.object({ id: z.string() }), [], ['The request body must be a JSON object with the fields of this call.']],
    ['too_small', z.object({ listName: z.string().min(1), tags: z.array(z.string()).min(2), star: z.number().min(1) }), { listName: '', tags: [], star: 0 }, ['listName must not be empty', 'tags must have at least 2 items', 'star must be at least 1']],
    ['too_big', z.object({ listName: z.string().max(30), star: z.number().lt(6) }), { listName: 'x'.repeat(31), star: 6 }, ['listName must be at most 30 characters long', 'star must be less than 6']],
    ['invalid_format', z.object({ email: z.email(), guid: z.uuid(), slug: z.string().regex(/^[a-z-]+$/), link: z.string().startsWith('/') }), { email: 'x', guid: 'x', slug: 'X', link: 'x' }, ['email must be an e-mail address', 'guid must be a UUID', 'slug must match the pattern /^[a-z-]+$/', 'link must start with "/"']],
    ['not_multiple_of', z.object({ step: z.number().multipleOf(5) }), { step: 7 }, ['step must be a multiple of 5']],
    ['unrecognized_keys', z.strictObject({ id: z.string() }), { id: 'a', extra: 1 }, ['the request has fields this call does not take (extra): leave them out']],
    ['invalid_union', z.object({ brandId: z.union([z.null(), z.literal(''), z.number().int()]) }), { brandId: 'x' }, ['brandId must be null, or must be "", or must be a number']],
    ['invalid_key', z.object({ sizes: z.record(z.string().regex(/^[a-z]+$/), z.number()) }), { sizes: { XL: 1 } }, ['sizes.XL is not a key this call takes']],
    ['invalid_value', z.object({ source: z.enum(['dialog', 'footer']), kind: z.literal('sale') }), { source: 'popup', kind: 'x' }, ['source must be one of "dialog", "footer"', 'kind must be "sale"']],
    ['custom', z.object({ items: z.array(z.object({ x: z.number().refine((n) => n % 2 === 0) })) }), { items: [{ x: 1 }] }, ['items[0].x is not valid here']],
  ])('%s', (_code, schema, value, expected) => {
    expect(messages(schema, value)).toEqual(expected);
  });

  it("keeps a schema's own words", () => {
    expect(messages(z.object({ listName: z.string().min(1, 'List Name is required.') }), { listName: '' })).toEqual(['List Name is required.']);
  });

  it('says so of an item of a map or set (invalid_element, which no parse here reports itself)', () => {
    expect(readableIssue({ code: 'invalid_element', origin: 'set', key: 'a', issues: [], input: new Set(['a']), path: ['ids'] })).toBe('ids has an item this call does not take');
  });

  it('names a field by its whole path', () => {
    expect(readableIssue({ code: 'invalid_type', expected: 'string', input: 1, path: ['data', 'items', 0, 'guid'] })).toBe('data.items[0].guid must be text');
  });
});
