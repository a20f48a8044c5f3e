import common from './i18n/catalogs/en/common.json' with { type: 'json' };

// Messages of the error catalogue (spec section 8) that more than one part of the product
// shows. Pages say them in their language through the common catalogue (issue 29):
// t('common.error.server'), t('common.newTab'). These English forms, read from that catalogue
// so each text is written once, are for what speaks before or outside a page's language: the
// web server's own error page and overload answer.

/** A failed product list, a page that could not be rendered, any 5xx a shopper meets. */
export const SERVER_ERROR_MESSAGE = common['common.error.server'];

/** Said after the name of a link that opens in a new tab (WCAG 3.2.5 advisory). */
export const NEW_TAB_SUFFIX = ` ${common['common.newTab']}`;

/** A failed call the api gave no message for (client/app/notices.tsx failureText). */
export const RETRY_MESSAGE = common['common.error.retry'];
