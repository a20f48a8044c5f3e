import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { T, TranslatorProvider } from '../../../client/app/i18n';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { createTranslator } from '../../../shared/i18n/translator';

// <T> puts a message's numbered elements in place (issue 29): text around them is kept, the
// element's own text comes from the message, and a self-closing one keeps its children.
function render(message: string, components: Parameters<typeof T>[0]['components'], values?: Record<string, unknown>): string {
  const translator = createTranslator('fr-CA', { m: compileMessageOrThrow(message) });
  return renderToStaticMarkup(
    <TranslatorProvider translator={translator}>
      <T id={'m' as MessageId} components={components} {...(values ? { values } : {})} />
    </TranslatorProvider>,
  );
}

describe('T', () => {
  it('wraps the numbered parts of a message in their elements', () => {
    expect(render('Lisez nos <0>conditions</0> et notre <1>politique</1>.', { 0: <a href="/terms" />, 1: <a href="/privacy" /> })).toBe(
      'Lisez nos <a href="/terms">conditions</a> et notre <a href="/privacy">politique</a>.',
    );
  });

  it('formats the values inside and around the elements', () => {
    expect(render('{count, plural, one {# article} other {# articles}} chez <0>{store}</0>', { 0: <strong /> }, { count: 3, store: 'Larch' })).toBe(
      '3 articles chez <strong>Larch</strong>',
    );
  });

  it('keeps a self-closing element with its own children', () => {
    expect(render('Avant <0/> après', { 0: <em>milieu</em> })).toBe('Avant <em>milieu</em> après');
  });
});
