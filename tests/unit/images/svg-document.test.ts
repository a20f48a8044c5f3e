import { describe, expect, it } from 'vitest';
import { expectWellFormedSvg } from './svg-document';

const open = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>t</title>';

describe('the SVG checker the picture tests rely on', () => {
  it('accepts a small valid picture', () => {
    expect(() => expectWellFormedSvg(`${open}<defs><path id="s" d="M0 0h1"/></defs><use href="#s"/></svg>`)).not.toThrow();
  });

  it.each([
    ['an unclosed element', `${open}<g></svg>`],
    ['a bare ampersand', `${open}<text>A & B</text></svg>`],
    ['an unquoted attribute', `${open}<rect width=1/></svg>`],
    ['a repeated attribute', `${open}<rect width="1" width="2"/></svg>`],
    ['a missing namespace', '<svg viewBox="0 0 1 1"><title>t</title></svg>'],
    ['a missing title', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/></svg>'],
    ['a dangling gradient reference', `${open}<rect fill="url(#g)"/></svg>`],
    ['a duplicated id', `${open}<path id="s"/><path id="s"/></svg>`],
  ])('refuses %s', (_what, svg) => {
    expect(() => expectWellFormedSvg(svg)).toThrow();
  });
});
