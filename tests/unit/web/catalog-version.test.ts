import { describe, expect, it } from 'vitest';
import { API_ANSWER_HEADER } from '../../../shared/constants';
import { createCatalogVersion } from '../../../server/web/upstream/catalog-version';

// The web empties what it keeps only when an api answers from a newer catalogue: with several
// api instances behind one address, one a moment behind the others must not empty it each time
// the answers alternate.

const answer = (value: string) => ({ [API_ANSWER_HEADER.catalogVersion]: value });

describe('the catalogue version the web follows', () => {
  it('changes on a greater generation only', () => {
    const version = createCatalogVersion();
    let changes = 0;
    version.onChange(() => changes++);
    version.observe(answer('7')); // the first answer: what is kept so far was made from it
    version.observe(answer('6')); // an instance still behind
    version.observe(answer('7'));
    version.observe(answer('6'));
    expect([changes, version.generation]).toEqual([0, 0]);
    version.observe(answer('8'));
    version.observe(answer('7'));
    version.observe(answer('8'));
    expect([changes, version.generation]).toEqual([1, 1]);
  });

  it('ignores an answer without a whole number', () => {
    const version = createCatalogVersion();
    let changes = 0;
    version.onChange(() => changes++);
    version.observe(answer('3'));
    version.observe({});
    version.observe(answer('abc.4'));
    version.observe(answer('4e3'));
    expect(changes).toBe(0);
    version.observe(answer('4'));
    expect(changes).toBe(1);
  });
});
