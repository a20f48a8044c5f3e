import type { Response } from 'express';
import type { Translator } from '../../../shared/i18n/translator';
import { translatorOf } from '../../lib/translators';

// The words the web's own answers say outside a page (the logout call's notice, a social
// sign-in that is not available), in the request's language (issue 29): a page's from its
// path, a gateway call's from the browser's x-locale (request-info.ts). Pages have theirs
// in their context (render/page-context.ts).

/** The translator of the request's language. */
export function webTranslator(res: Response): Translator {
  return translatorOf(res.locals.requestInfo.language);
}
