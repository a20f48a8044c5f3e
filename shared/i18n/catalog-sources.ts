// Every message catalogue, by language and area (issue 29, decision 0080). Only the servers and
// the build import this module: the browser loads one compiled catalogue over HTTP.
// A new area is a JSON file per language here, its ids starting with the area's name.
import type { CatalogId } from './languages';
import en_common from './catalogs/en/common.json' with { type: 'json' };
import en_shell from './catalogs/en/shell.json' with { type: 'json' };
import en_home from './catalogs/en/home.json' with { type: 'json' };
import en_help from './catalogs/en/help.json' with { type: 'json' };
import en_giveaway from './catalogs/en/giveaway.json' with { type: 'json' };
import en_listing from './catalogs/en/listing.json' with { type: 'json' };
import en_taxonomy from './catalogs/en/taxonomy.json' with { type: 'json' };
import en_product from './catalogs/en/product.json' with { type: 'json' };
import en_account from './catalogs/en/account.json' with { type: 'json' };
import en_forms from './catalogs/en/forms.json' with { type: 'json' };
import en_wishlist from './catalogs/en/wishlist.json' with { type: 'json' };
import en_looks from './catalogs/en/looks.json' with { type: 'json' };
import en_follows from './catalogs/en/follows.json' with { type: 'json' };
import en_alerts from './catalogs/en/alerts.json' with { type: 'json' };
import en_emails from './catalogs/en/emails.json' with { type: 'json' };
import fr_common from './catalogs/fr/common.json' with { type: 'json' };
import fr_shell from './catalogs/fr/shell.json' with { type: 'json' };
import fr_home from './catalogs/fr/home.json' with { type: 'json' };
import fr_help from './catalogs/fr/help.json' with { type: 'json' };
import fr_giveaway from './catalogs/fr/giveaway.json' with { type: 'json' };
import fr_listing from './catalogs/fr/listing.json' with { type: 'json' };
import fr_taxonomy from './catalogs/fr/taxonomy.json' with { type: 'json' };
import fr_product from './catalogs/fr/product.json' with { type: 'json' };
import fr_account from './catalogs/fr/account.json' with { type: 'json' };
import fr_forms from './catalogs/fr/forms.json' with { type: 'json' };
import fr_wishlist from './catalogs/fr/wishlist.json' with { type: 'json' };
import fr_looks from './catalogs/fr/looks.json' with { type: 'json' };
import fr_follows from './catalogs/fr/follows.json' with { type: 'json' };
import fr_alerts from './catalogs/fr/alerts.json' with { type: 'json' };
import fr_emails from './catalogs/fr/emails.json' with { type: 'json' };
import zhhant_common from './catalogs/zh-Hant/common.json' with { type: 'json' };
import zhhant_shell from './catalogs/zh-Hant/shell.json' with { type: 'json' };
import zhhant_home from './catalogs/zh-Hant/home.json' with { type: 'json' };
import zhhant_help from './catalogs/zh-Hant/help.json' with { type: 'json' };
import zhhant_giveaway from './catalogs/zh-Hant/giveaway.json' with { type: 'json' };
import zhhant_listing from './catalogs/zh-Hant/listing.json' with { type: 'json' };
import zhhant_taxonomy from './catalogs/zh-Hant/taxonomy.json' with { type: 'json' };
import zhhant_product from './catalogs/zh-Hant/product.json' with { type: 'json' };
import zhhant_account from './catalogs/zh-Hant/account.json' with { type: 'json' };
import zhhant_forms from './catalogs/zh-Hant/forms.json' with { type: 'json' };
import zhhant_wishlist from './catalogs/zh-Hant/wishlist.json' with { type: 'json' };
import zhhant_looks from './catalogs/zh-Hant/looks.json' with { type: 'json' };
import zhhant_follows from './catalogs/zh-Hant/follows.json' with { type: 'json' };
import zhhant_alerts from './catalogs/zh-Hant/alerts.json' with { type: 'json' };
import zhhant_emails from './catalogs/zh-Hant/emails.json' with { type: 'json' };
import zhhans_common from './catalogs/zh-Hans/common.json' with { type: 'json' };
import zhhans_shell from './catalogs/zh-Hans/shell.json' with { type: 'json' };
import zhhans_home from './catalogs/zh-Hans/home.json' with { type: 'json' };
import zhhans_help from './catalogs/zh-Hans/help.json' with { type: 'json' };
import zhhans_giveaway from './catalogs/zh-Hans/giveaway.json' with { type: 'json' };
import zhhans_listing from './catalogs/zh-Hans/listing.json' with { type: 'json' };
import zhhans_taxonomy from './catalogs/zh-Hans/taxonomy.json' with { type: 'json' };
import zhhans_product from './catalogs/zh-Hans/product.json' with { type: 'json' };
import zhhans_account from './catalogs/zh-Hans/account.json' with { type: 'json' };
import zhhans_forms from './catalogs/zh-Hans/forms.json' with { type: 'json' };
import zhhans_wishlist from './catalogs/zh-Hans/wishlist.json' with { type: 'json' };
import zhhans_looks from './catalogs/zh-Hans/looks.json' with { type: 'json' };
import zhhans_follows from './catalogs/zh-Hans/follows.json' with { type: 'json' };
import zhhans_alerts from './catalogs/zh-Hans/alerts.json' with { type: 'json' };
import zhhans_emails from './catalogs/zh-Hans/emails.json' with { type: 'json' };
import ms_common from './catalogs/ms/common.json' with { type: 'json' };
import ms_shell from './catalogs/ms/shell.json' with { type: 'json' };
import ms_home from './catalogs/ms/home.json' with { type: 'json' };
import ms_help from './catalogs/ms/help.json' with { type: 'json' };
import ms_giveaway from './catalogs/ms/giveaway.json' with { type: 'json' };
import ms_listing from './catalogs/ms/listing.json' with { type: 'json' };
import ms_taxonomy from './catalogs/ms/taxonomy.json' with { type: 'json' };
import ms_product from './catalogs/ms/product.json' with { type: 'json' };
import ms_account from './catalogs/ms/account.json' with { type: 'json' };
import ms_forms from './catalogs/ms/forms.json' with { type: 'json' };
import ms_wishlist from './catalogs/ms/wishlist.json' with { type: 'json' };
import ms_looks from './catalogs/ms/looks.json' with { type: 'json' };
import ms_follows from './catalogs/ms/follows.json' with { type: 'json' };
import ms_alerts from './catalogs/ms/alerts.json' with { type: 'json' };
import ms_emails from './catalogs/ms/emails.json' with { type: 'json' };
import ta_common from './catalogs/ta/common.json' with { type: 'json' };
import ta_shell from './catalogs/ta/shell.json' with { type: 'json' };
import ta_home from './catalogs/ta/home.json' with { type: 'json' };
import ta_help from './catalogs/ta/help.json' with { type: 'json' };
import ta_giveaway from './catalogs/ta/giveaway.json' with { type: 'json' };
import ta_listing from './catalogs/ta/listing.json' with { type: 'json' };
import ta_taxonomy from './catalogs/ta/taxonomy.json' with { type: 'json' };
import ta_product from './catalogs/ta/product.json' with { type: 'json' };
import ta_account from './catalogs/ta/account.json' with { type: 'json' };
import ta_forms from './catalogs/ta/forms.json' with { type: 'json' };
import ta_wishlist from './catalogs/ta/wishlist.json' with { type: 'json' };
import ta_looks from './catalogs/ta/looks.json' with { type: 'json' };
import ta_follows from './catalogs/ta/follows.json' with { type: 'json' };
import ta_alerts from './catalogs/ta/alerts.json' with { type: 'json' };
import ta_emails from './catalogs/ta/emails.json' with { type: 'json' };

export const MESSAGE_AREAS = ['common', 'shell', 'home', 'help', 'giveaway', 'listing', 'taxonomy', 'product', 'account', 'forms', 'wishlist', 'looks', 'follows', 'alerts', 'emails'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

type Source = Readonly<Record<string, string>>;

/** Each catalogue's messages (ICU MessageFormat), area by area, as the team writes them. */
export const CATALOG_SOURCES: Readonly<Record<CatalogId, Readonly<Record<MessageArea, Source>>>> = {
  en: { common: en_common, shell: en_shell, home: en_home, help: en_help, giveaway: en_giveaway, listing: en_listing, taxonomy: en_taxonomy, product: en_product, account: en_account, forms: en_forms, wishlist: en_wishlist, looks: en_looks, follows: en_follows, alerts: en_alerts, emails: en_emails },
  fr: { common: fr_common, shell: fr_shell, home: fr_home, help: fr_help, giveaway: fr_giveaway, listing: fr_listing, taxonomy: fr_taxonomy, product: fr_product, account: fr_account, forms: fr_forms, wishlist: fr_wishlist, looks: fr_looks, follows: fr_follows, alerts: fr_alerts, emails: fr_emails },
  'zh-Hant': { common: zhhant_common, shell: zhhant_shell, home: zhhant_home, help: zhhant_help, giveaway: zhhant_giveaway, listing: zhhant_listing, taxonomy: zhhant_taxonomy, product: zhhant_product, account: zhhant_account, forms: zhhant_forms, wishlist: zhhant_wishlist, looks: zhhant_looks, follows: zhhant_follows, alerts: zhhant_alerts, emails: zhhant_emails },
  'zh-Hans': { common: zhhans_common, shell: zhhans_shell, home: zhhans_home, help: zhhans_help, giveaway: zhhans_giveaway, listing: zhhans_listing, taxonomy: zhhans_taxonomy, product: zhhans_product, account: zhhans_account, forms: zhhans_forms, wishlist: zhhans_wishlist, looks: zhhans_looks, follows: zhhans_follows, alerts: zhhans_alerts, emails: zhhans_emails },
  ms: { common: ms_common, shell: ms_shell, home: ms_home, help: ms_help, giveaway: ms_giveaway, listing: ms_listing, taxonomy: ms_taxonomy, product: ms_product, account: ms_account, forms: ms_forms, wishlist: ms_wishlist, looks: ms_looks, follows: ms_follows, alerts: ms_alerts, emails: ms_emails },
  ta: { common: ta_common, shell: ta_shell, home: ta_home, help: ta_help, giveaway: ta_giveaway, listing: ta_listing, taxonomy: ta_taxonomy, product: ta_product, account: ta_account, forms: ta_forms, wishlist: ta_wishlist, looks: ta_looks, follows: ta_follows, alerts: ta_alerts, emails: ta_emails },
};
