// The id of every message: the keys of the English catalogue, so code naming a message the
// English catalogue lacks does not typecheck. Types only: nothing here reaches a bundle.
import type common from './catalogs/en/common.json';
import type shell from './catalogs/en/shell.json';
import type home from './catalogs/en/home.json';
import type help from './catalogs/en/help.json';
import type giveaway from './catalogs/en/giveaway.json';
import type listing from './catalogs/en/listing.json';
import type taxonomy from './catalogs/en/taxonomy.json';
import type product from './catalogs/en/product.json';
import type account from './catalogs/en/account.json';
import type forms from './catalogs/en/forms.json';
import type wishlist from './catalogs/en/wishlist.json';
import type looks from './catalogs/en/looks.json';
import type follows from './catalogs/en/follows.json';
import type alerts from './catalogs/en/alerts.json';
import type emails from './catalogs/en/emails.json';

export type MessageId =
  | keyof typeof common
  | keyof typeof shell
  | keyof typeof home
  | keyof typeof help
  | keyof typeof giveaway
  | keyof typeof listing
  | keyof typeof taxonomy
  | keyof typeof product
  | keyof typeof account
  | keyof typeof forms
  | keyof typeof wishlist
  | keyof typeof looks
  | keyof typeof follows
  | keyof typeof alerts
  | keyof typeof emails;
