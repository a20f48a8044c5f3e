import { describe, expect, it } from 'vitest';
import { RenameLookbookBody, SaveSetBody } from '../../../shared/api/look-schemas';
import {
  BOARD_SIZE,
  LOOK_ITEMS_MAX,
  LOOK_MESSAGES,
  lookCollageUrl,
  lookItemsProblem,
  lookPagePath,
  lookTitleProblem,
  lookbookNameProblem,
  placementProblem,
} from '../../../shared/validation/look-rules';
import { cleanSearchText } from '../../../shared/validation/search-text';
import { issueWording } from '../../../shared/validation/message';
import { inEnglish } from '../../support/i18n';

// Spec section 5 "Look title" and "Lookbook name (sanitising)", and the board's bounds, as
// the Publish Look dialog, the board and the api all apply them.

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const piece = (n: number, extra: object = {}) => ({ guid: guid(n), x: 0, y: 0, width: 100, height: 100, z: n, ...extra });

describe('look titles', () => {
  it.each([
    ['Summer', undefined],
    ['Été à Paris 2', undefined],
    ['ab', undefined],
    ['x'.repeat(30), undefined],
    ['  Summer  ', undefined],
    ['', LOOK_MESSAGES.titleMin],
    ['a', LOOK_MESSAGES.titleMin],
    [' a ', LOOK_MESSAGES.titleMin],
    ['x'.repeat(31), LOOK_MESSAGES.titleMax],
    ['Summer-Look', LOOK_MESSAGES.titleInvalid],
    ['Look!', LOOK_MESSAGES.titleInvalid],
    ['   ', LOOK_MESSAGES.titleWhitespace],
    ['\t\n', LOOK_MESSAGES.titleWhitespace],
  ])('%j: %s', (title, problem) => {
    expect(lookTitleProblem(title)).toBe(problem);
  });

  it('words the messages as the spec does', () => {
    expect([LOOK_MESSAGES.titleMin, LOOK_MESSAGES.titleMax, LOOK_MESSAGES.titleInvalid, LOOK_MESSAGES.invalidLookbookName].map(inEnglish)).toEqual([
      'Min length is 2 characters.',
      'Max length is 30 characters.',
      'List Name is invalid, only alphabets allowed.',
      'Invalid lookbook name!',
    ]);
  });
});

describe('lookbook names (sanitising)', () => {
  it.each([
    ['Summer!!   Look?', 'Summer Look'],
    ['  Brunch\twith  Mum  ', 'Brunch with Mum'],
    ['café-au-lait', 'caféaulait'],
    ['!!!', ''],
    ['', ''],
  ])('%j becomes %j', (name, sanitised) => {
    expect(cleanSearchText(name)).toBe(sanitised);
  });

  it("refuses a name that sanitises to nothing with 'Invalid lookbook name!', then applies the title's lengths", () => {
    expect(lookbookNameProblem('?!*')).toBe(LOOK_MESSAGES.invalidLookbookName);
    expect(lookbookNameProblem('   ')).toBe(LOOK_MESSAGES.invalidLookbookName);
    expect(lookbookNameProblem('a!')).toBe(LOOK_MESSAGES.titleMin);
    expect(lookbookNameProblem('y'.repeat(31))).toBe(LOOK_MESSAGES.titleMax);
    expect(lookbookNameProblem('Date Night!')).toBeUndefined();
  });
});

describe('the board', () => {
  it('takes 2 to 12 pieces, each once, each inside the board', () => {
    expect(lookItemsProblem([piece(1), piece(2)])).toBeUndefined();
    expect(lookItemsProblem(Array.from({ length: LOOK_ITEMS_MAX }, (_, i) => piece(i)))).toBeUndefined();
    expect(lookItemsProblem([piece(1)])).toBe(LOOK_MESSAGES.itemsTooFew);
    expect(lookItemsProblem(Array.from({ length: LOOK_ITEMS_MAX + 1 }, (_, i) => piece(i)))).toBe(LOOK_MESSAGES.itemsTooMany);
    expect(lookItemsProblem([piece(1), { ...piece(1), guid: guid(1).toUpperCase() }])).toBe(LOOK_MESSAGES.itemTwice(guid(1)));
    expect(lookItemsProblem([piece(1), { ...piece(2), guid: 'nope' }])).toBe(LOOK_MESSAGES.itemGuid(1));
  });

  it('keeps every rectangle inside the square of BOARD_SIZE, in whole units', () => {
    expect(BOARD_SIZE).toBe(1000);
    expect(placementProblem(piece(1, { x: 900, width: 100 }), 0)).toBeUndefined();
    expect(placementProblem(piece(1, { x: 980, y: 980, width: 20, height: 20 }), 0)).toBeUndefined();
    expect(placementProblem(piece(1, { x: 901, width: 100 }), 3)).toBe(LOOK_MESSAGES.itemOutside(3, 'x'));
    expect(placementProblem(piece(1, { y: 950, height: 51 }), 3)).toBe(LOOK_MESSAGES.itemOutside(3, 'y'));
    expect(placementProblem(piece(1, { x: -1 }), 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'x', 0, 980));
    expect(placementProblem(piece(1, { y: 0.5 }), 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'y', 0, 980));
    expect(placementProblem(piece(1, { width: 1001 }), 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'width', 20, 1000));
    expect(placementProblem(piece(1, { height: 19 }), 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'height', 20, 1000));
    expect(placementProblem(piece(1, { z: -1 }), 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'z', 0, 999));
    expect(placementProblem({ ...piece(1), x: '10' }, 0)).toBe(LOOK_MESSAGES.itemWhole(0, 'x', 0, 980));
  });
});

describe('the save-set body (spec section 4)', () => {
  it('is a save with data, and a rename (name sanitised) without', () => {
    const data = { items: [piece(1), piece(2)] };
    // Too few and too many pieces say how many, in words each side gives in its language.
    const pieces = (n: number) => ({ items: Array.from({ length: n }, (_, i) => piece(i + 1)) });
    const refused = (n: number) => SaveSetBody.safeParse({ setName: 'Summer', setId: 0, setPublic: 1, data: pieces(n) }).error?.issues.map((i) => inEnglish(issueWording(i)));
    expect([refused(1), refused(13)]).toEqual([['A look needs at least 2 pieces.'], ['A look holds at most 12 pieces.']]);
    expect(SaveSetBody.parse({ setName: ' Summer ', setId: 0, setPublic: 1, data })).toEqual({
      kind: 'save',
      setId: 0,
      setName: 'Summer',
      setPublic: true,
      items: data.items,
    });
    expect(SaveSetBody.parse({ setName: 'Summer!! Days', setId: '7', setPublic: 'false' })).toEqual({ kind: 'rename', setId: 7, setName: 'Summer Days', setPublic: false });
    expect(SaveSetBody.safeParse({ setName: 'Summer!', setId: 0, setPublic: 1, data }).error?.issues.map(issueWording)).toEqual([LOOK_MESSAGES.titleInvalid]);
    expect(RenameLookbookBody.safeParse({ listId: 1, setName: '!!', setPublic: 1 }).error?.issues.map(issueWording)).toEqual([LOOK_MESSAGES.invalidLookbookName]);
  });
});

describe('addresses', () => {
  it("builds the look's page path and its collage's URL", () => {
    expect(lookPagePath('summer-look', 42)).toBe('/sets/summer-look/42');
    expect(lookCollageUrl(42, '0123456789abcdef')).toBe('/images/looks/42/0123456789abcdef.png');
    expect(lookCollageUrl(42, '0123456789abcdef', true)).toBe('/images/looks/42/0123456789abcdef.png?download=1');
  });
});
