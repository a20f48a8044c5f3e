// Messages of the error catalogue (spec section 8) that more than one part of the product
// shows. Pages say them in their language through the common catalogue (issue 29):
// t('common.error.server'). These English forms are for what speaks before or outside a
// page's language (the web server's own error page, its overload answer, a caller not yet
// given a translator); a unit test holds each equal to the English catalogue's. Literals, not
// read from the catalogue by id: the bundles carry short ids (decision 0080).

/** A failed product list, a page that could not be rendered, any 5xx a shopper meets. */
export const SERVER_ERROR_MESSAGE = 'Something is wrong with our servers, please try again in some time.';

/** A failed call the api gave no message for (client/app/notices.tsx failureText). */
export const RETRY_MESSAGE = 'Something went wrong. Please try again.';
