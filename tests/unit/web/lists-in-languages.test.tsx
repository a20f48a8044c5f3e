import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertDialog } from '../../../client/components/alerts/AlertDialog';
import { backInStockPromise, scopeLabel } from '../../../client/components/alerts/alert-rules';
import { FollowButton } from '../../../client/components/follows/FollowButton';
import { boardSays } from '../../../client/components/looks/look-board-rules';
import { PublishLookDialog } from '../../../client/components/looks/PublishLookDialog';
import { WishlistDialog } from '../../../client/components/wishlist/WishlistDialog';
import { goneWords } from '../../../client/components/wishlist/wishlist-page-rules';
import { SiteConfigContext } from '../../../client/app/contexts';
import type { SiteConfig } from '../../../shared/payload';
import { ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import { FOLLOW_MESSAGES } from '../../../shared/validation/follow-rules';
import { LOOK_MESSAGES } from '../../../shared/validation/look-rules';
import { say } from '../../../shared/validation/message';
import { WISHLIST_MESSAGES } from '../../../shared/validation/wishlist-rules';
import { testTranslator, withI18n } from '../../support/i18n';

// The wishlist, look and alert dialogs and the rules' messages in the languages of Canada, Hong
// Kong and Singapore (issue 29): each rendered as the server renders it, in the page's language,
// with the exact words of its catalogue; English stays as it was.

const SITES = {
  'en-GB': { country: 'GB', language: '' },
  'fr-CA': { country: 'CA', language: 'fr' },
  'zh-HK': { country: 'HK', language: 'zh' },
  'ta-SG': { country: 'SG', language: 'ta' },
} as const;
type Locale = keyof typeof SITES;

function render(element: ReactNode, locale: Locale): string {
  const config = { ...SITES[locale], basename: '', catalog: '', siteUrl: 'https://vitrine.test', assets: {} as SiteConfig['assets'], isBot: false } satisfies SiteConfig;
  // A router for the hooks that read the root route's data (useCountry); the page is the element.
  const Page = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(withI18n(<SiteConfigContext.Provider value={config}><Page /></SiteConfigContext.Provider>, locale));
}

const ENTITIES: Record<string, string> = { '&#x27;': "'", '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&#x27;|&quot;|&amp;|&lt;|&gt;/g, (entity) => ENTITIES[entity]!);

/** The text nodes of some markup, in order. */
function texts(html: string): string[] {
  return html
    .split(/<[^>]+>/)
    .map((text) => decode(text).trim())
    .filter(Boolean);
}

/** A dialog's own words: its frame's Close button is the shared frame's (components/ui/ModalDialog.tsx), not this part's. */
const dialogTexts = (html: string, locale: Locale) => texts(html).filter((text) => text !== testTranslator(locale).t('common.close'));

const lists = [
  { listId: 4, listName: 'Summer' },
  { listId: 9, listName: 'Party Shoes' },
];

describe('the Wishlist dialog in the page’s language', () => {
  const move = (locale: Locale) => dialogTexts(render(<WishlistDialog request={{ mode: 'move-wishlist', productId: 1, sourceListId: 4, lists }} onClose={() => undefined} onAdded={() => undefined} />, locale), locale);

  it('keeps its English words', () => {
    expect(move('en-GB')).toEqual(['Move to another wishlist', 'Move to', 'Choose a list', 'Party Shoes', 'Create New', 'Submit']);
  });

  it('speaks French in Canada, Traditional Chinese in Hong Kong and Tamil in Singapore (the list names as the shopper wrote them)', () => {
    expect(move('fr-CA')).toEqual(['Déplacer vers une autre liste de souhaits', 'Déplacer vers', 'Choisir une liste', 'Party Shoes', 'Créer', 'Envoyer']);
    expect(move('zh-HK')).toEqual(['移至另一個願望清單', '移至', '選擇清單', 'Party Shoes', '建立新清單', '提交']);
    expect(move('ta-SG')).toEqual(['வேறொரு விருப்பப் பட்டியலுக்கு நகர்த்து', 'இங்கு நகர்த்து', 'ஒரு பட்டியலைத் தேர்ந்தெடுக்கவும்', 'Party Shoes', 'புதிதாக உருவாக்கு', 'சமர்ப்பி']);
  });

  it('names the product and the list inside its title, and its name field, in the language', () => {
    const add = render(<WishlistDialog request={{ mode: 'wishlist', productId: 1, productName: 'Wrap Dress' }} onClose={() => undefined} onAdded={() => undefined} />, 'fr-CA');
    expect(texts(add).slice(0, 2)).toEqual(['Ajouter Wrap Dress à une liste de souhaits', 'Chargement de vos listes…']);
    const rename = texts(render(<WishlistDialog request={{ mode: 'rename-wishlist', listId: 4, listName: 'Summer', lists }} onClose={() => undefined} onAdded={() => undefined} />, 'zh-HK'));
    expect(rename.slice(0, 2)).toEqual(['重新命名 Summer', '清單名稱']);
  });
});

describe('the Alert dialog in the page’s language', () => {
  const dialog = (locale: Locale, kind: 'price' | 'stock') => dialogTexts(render(<AlertDialog target={{ kind, guid: '0f8fad5b-d9cb-469f-a165-70867728950e' }} onClose={() => undefined} />, locale), locale);

  it('keeps its English words', () => {
    expect(dialog('en-GB', 'price')).toEqual(['Price Alert', 'Loading the product…', 'Alert me about', 'Alert price', 'Email', 'Alert Me']);
  });

  it('asks a guest in French, Traditional Chinese and Tamil', () => {
    expect(dialog('fr-CA', 'price')).toEqual(['Alerte prix', 'Chargement du produit…', "M'avertir pour", "Prix de l'alerte", 'Courriel', "M'avertir"]);
    expect(dialog('zh-HK', 'price')).toEqual(['價格提示', '正在載入商品…', '提示我關於', '提示價格', '電郵', '提示我']);
    expect(dialog('ta-SG', 'stock')).toEqual(['மீண்டும் கையிருப்பு விழிப்பூட்டல்', 'பொருள் ஏற்றப்படுகிறது…', 'மின்னஞ்சல்', 'எனக்குத் தெரிவி']);
  });

  it('words the scopes, the back-in-stock promise and the price messages in the language', () => {
    const fr = testTranslator('fr-CA').t;
    expect(['item', 'brand', 'store'].map((scope) => scopeLabel(fr, scope as 'item', 'Ava Marlowe', 'Northlane'))).toEqual(['Cet article', 'Tout article de Ava Marlowe', 'Tout article de Northlane']);
    expect(backInStockPromise(testTranslator('ta-SG').t, 'M')).toBe('M அளவு இந்தத் தளத்தில் மீண்டும் கையிருப்புக்கு வரும்போது ஒருமுறை உங்களுக்குத் தெரிவிப்போம்.');
    expect(say(fr, ALERT_MESSAGES.priceTooHigh(59))).toBe('Le prix doit être inférieur à 59');
    expect(say(testTranslator('zh-HK').t, ALERT_MESSAGES.email)).toBe('請檢查電郵地址並重新輸入。');
    expect(say(testTranslator('zh-SG').t, ALERT_NOTICES.set)).toBe('提醒已设置，我们会通知你。');
  });
});

describe('the Publish Look dialog in the page’s language', () => {
  const piece = { guid: '0f8fad5b-d9cb-469f-a165-70867728950e', x: 0, y: 0, width: 300, height: 300, z: 0 };
  const publish = (locale: Locale) =>
    dialogTexts(render(<PublishLookDialog request={{ mode: 'publish', setId: 0, title: '', isPublic: true, placements: [piece] }} onClose={() => undefined} onSaved={() => undefined} />, locale), locale);

  it('keeps its English words', () => {
    expect(publish('en-GB')).toEqual(['Publish Look', 'A look needs at least 2 pieces: add more to the board first.', 'Look title', 'Who can see it', 'Public', 'Private', 'Submit']);
  });

  it('speaks French, Traditional Chinese and Tamil', () => {
    expect(publish('fr-CA')).toEqual(['Publier le look', "Un look doit compter au moins 2 pièces : ajoutez-en d'abord au tableau.", 'Titre du look', 'Qui peut le voir', 'Public', 'Privé', 'Envoyer']);
    expect(publish('zh-HK')).toEqual(['發佈造型', '造型最少需要 2 件單品：請先在配搭板上加入更多單品。', '造型名稱', '誰可以看到', '公開', '私人', '提交']);
    expect(publish('ta-SG')).toEqual(['தோற்றத்தை வெளியிடு', 'ஒரு தோற்றத்திற்குக் குறைந்தது 2 பொருட்கள் தேவை: முதலில் பலகையில் மேலும் சேர்க்கவும்.', 'தோற்றத்தின் தலைப்பு', 'யார் பார்க்கலாம்', 'பொது', 'தனிப்பட்டது', 'சமர்ப்பி']);
  });

  it('words the title rules and what the board says to a screen reader', () => {
    expect(say(testTranslator('ta-SG').t, LOOK_MESSAGES.titleMin)).toBe('குறைந்தபட்ச நீளம் 2 எழுத்துகள்.');
    expect(say(testTranslator('fr-CA').t, LOOK_MESSAGES.invalidLookbookName)).toBe('Nom de lookbook invalide!');
    expect(boardSays(testTranslator('zh-HK').t).added('Wrap Dress', 2)).toBe('已將 Wrap Dress 加到配搭板。共 2 件，上限 12 件。');
  });
});

describe('counts and follows in the page’s language', () => {
  it('counts products and pieces with the language’s plurals and its digits grouping', () => {
    const fr = testTranslator('fr-CA').t;
    expect([fr('wishlist.products', { count: 1 }), fr('wishlist.products', { count: 1234 })]).toEqual(['1 produit', '1\u00a0234 produits']);
    expect([testTranslator('ta-SG').t('looks.pieces', { count: 1 }), testTranslator('ta-SG').t('looks.pieces', { count: 3 })]).toEqual(['1 பொருள்', '3 பொருட்கள்']);
    expect(testTranslator().t('follows.onSale', { count: 1 })).toBe('1 product on sale now');
  });

  it('says what a saved product no longer sold says, in the language', () => {
    expect([goneWords(testTranslator().t, 'Larch Linen'), goneWords(testTranslator().t, null)]).toEqual(['No longer sold by Larch Linen', 'No longer available']);
    expect([goneWords(testTranslator('fr-CA').t, 'Larch Linen'), goneWords(testTranslator('zh-HK').t, null)]).toEqual(["N'est plus vendu par Larch Linen", '已停售']);
  });

  it('labels the Follow button and words the follow messages', () => {
    const button = (locale: Locale) => texts(render(<FollowButton kind="brand" id={7} name="Ava Marlowe" />, locale));
    expect(button('en-GB')).toEqual(['Follow', 'Ava Marlowe']);
    expect(button('fr-CA')).toEqual(['Suivre', 'Ava Marlowe']);
    expect(button('zh-HK')).toEqual(['關注', 'Ava Marlowe']);
    expect(say(testTranslator('ta-SG').t, FOLLOW_MESSAGES.notFound('store'))).toBe('இந்தக் கடை இல்லை.');
    expect(say(testTranslator('zh-HK').t, WISHLIST_MESSAGES.nameTooLong)).toBe('清單名稱最多 30 個字元。');
  });
});
