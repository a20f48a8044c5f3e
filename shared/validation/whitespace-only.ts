import { message } from './message';

// Spec section 5's words for a name that is only white space (wishlist names, look titles),
// as a catalogue id (issue 29). A module of its own: the look rules ship with the account
// pages' chunk, and importing the wishlist rules for this one line brought all of them
// (docs/performance.md "What was learned").
export const WHITESPACE_ONLY_MESSAGE = message('wishlist.message.nameWhitespace');
