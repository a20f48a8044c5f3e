/** The show-wishlist call: the hearts of a page's cards (?ids=) and the add-to-wishlist page's lists (?id=). */
export const SHOW_WISHLIST_PATH = '/api/account/show-wishlist';
/** The most products one `show-wishlist?ids=` call may ask about (a page of cards). */
export const SHOW_WISHLIST_MAX_IDS = 100;
