// Spec section 5's words for a name that is only white space (wishlist names, look titles).
// A module of its own: the look rules ship with the account pages' chunk, and importing the
// wishlist rules for this one line brought all of them (ARCHITECTURE.md "Performance notes").
export const WHITESPACE_ONLY_MESSAGE = 'value is only whitespace';
