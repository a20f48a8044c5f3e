/** The most products one `show-wishlist?ids=` call may ask about (a page of cards). */
export const SHOW_WISHLIST_MAX_IDS = 100;
