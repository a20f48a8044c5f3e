// Messages of the error catalogue (spec section 8) that more than one part of the product
// shows. Each string the spec gives is written here once.

/** A failed product list, a page that could not be rendered, any 5xx a shopper meets. */
export const SERVER_ERROR_MESSAGE = 'Something is wrong with our servers, please try again in some time.';

/** Said after the name of a link that opens in a new tab (WCAG 3.2.5 advisory). */
export const NEW_TAB_SUFFIX = ' (opens in a new tab)';
