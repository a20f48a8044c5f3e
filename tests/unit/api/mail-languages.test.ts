import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/countries';
import { formatPrice } from '../../../shared/price';
import { alertConfirmMail, alertMailRulesText, alertsFiredMail, newAlertsConfirmMail, type FiredItem } from '../../../server/api/alerts/alert-mails';
import { mailPageLink, siteOfLocale, siteOn } from '../../../server/api/mail/mail-site';
import { passwordResetMail, signInLinkMail, subscriptionConfirmMail } from '../../../server/api/mail/messages';
import { testTranslator } from '../../support/i18n';

// Issue 29: every e-mail in the language the shopper asked in, its links to that language's
// pages, its prices as that locale writes them; English as it always was.

const NBSP = '\u00a0';
const SITE = 'https://shop.test';

describe('the site an e-mail belongs to', () => {
  it('is the site whose language a locale is, the default English site for any other', () => {
    expect(siteOfLocale('fr-CA')).toMatchObject({ country: 'CA', language: { segment: 'fr', catalog: 'fr' } });
    expect(siteOfLocale('zh-SG')).toMatchObject({ country: 'SG', language: { segment: 'zh', catalog: 'zh-Hans' } });
    expect(siteOfLocale('en-US')).toMatchObject({ country: 'US', language: { segment: '', catalog: 'en' } });
    expect(siteOfLocale('de-DE')).toMatchObject({ country: 'GB', language: { segment: '', locale: 'en-GB' } });
    expect(siteOfLocale(undefined)).toMatchObject({ country: 'GB', language: { segment: '' } });
  });

  it("takes a country's site in the language a locale names, else in that country's English", () => {
    expect(siteOn('CA', 'fr-CA')).toMatchObject({ country: 'CA', language: { segment: 'fr' } });
    expect(siteOn('GB', 'fr-CA')).toMatchObject({ country: 'GB', language: { segment: '', locale: 'en-GB' } });
    expect(siteOn('SG', 'ta-SG')).toMatchObject({ country: 'SG', language: { segment: 'ta' } });
  });

  it("links a page in another language under its site's prefix, in English as it always did", () => {
    expect(mailPageLink(SITE, siteOfLocale('fr-CA'), '/alerts/confirm/abc')).toBe(`${SITE}/ca/fr/alerts/confirm/abc`);
    expect(mailPageLink(SITE, siteOfLocale('ta-SG'), '/mailing-list/confirm/abc')).toBe(`${SITE}/sg/ta/mailing-list/confirm/abc`);
    expect(mailPageLink(SITE, siteOfLocale('en-CA'), '/alerts/confirm/abc')).toBe(`${SITE}/alerts/confirm/abc`);
  });
});

describe('the link e-mails', () => {
  it('write a reset in Traditional Chinese, its HTML declaring the language', () => {
    const mail = passwordResetMail(testTranslator('zh-HK'), { name: 'Mei', link: `${SITE}/hk/zh/confirm-password/tkn/t/key/k`, validMinutes: 60 });
    expect(mail.subject).toBe('重設你的 Vitrine 密碼');
    expect(mail.text).toBe(
      [
        'Mei，你好：',
        '',
        '有人要求重設你的 Vitrine 帳戶密碼。如要設定新密碼，請開啟此連結：',
        '',
        `${SITE}/hk/zh/confirm-password/tkn/t/key/k`,
        '',
        '此連結只可使用一次，有效時間為 60 分鐘。如你沒有提出此要求，請忽略這封電郵：你的密碼不會改變。',
        '',
        'Vitrine',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="zh-HK">');
    expect(mail.html).toContain(`<a href="${SITE}/hk/zh/confirm-password/tkn/t/key/k">重設密碼</a>`);
  });

  it('write a sign-in link in French, a subscription in Tamil, an alert confirmation in Simplified Chinese, Malay and French', () => {
    const signIn = signInLinkMail(testTranslator('fr-CA'), { name: 'Léa', link: 'L', validMinutes: 15 });
    expect(signIn.subject).toBe('Votre lien de connexion Vitrine');
    expect(signIn.text).toContain('Bonjour Léa,');
    expect(signIn.text).toContain(`pendant 15 minutes. Si vous ne l'avez pas demandé, ignorez ce courriel${NBSP}: personne d'autre que vous`);
    const subscription = subscriptionConfirmMail(testTranslator('ta-SG'), { link: 'L', validHours: 48 });
    expect(subscription.subject).toBe('Vitrine அஞ்சல் பட்டியலுக்கான உங்கள் சந்தாவை உறுதிப்படுத்தவும்');
    expect(subscription.text.split('\n')[0]).toBe('வணக்கம்,');
    expect(subscription.text).toContain('48 மணிநேரம் வேலை செய்யும்');
    expect(alertConfirmMail(testTranslator('zh-SG'), { link: 'L' }).subject).toBe('确认你的 Vitrine 价格提醒');
    expect(alertConfirmMail(testTranslator('ms-SG'), { link: 'L' }).subject).toBe('Sahkan makluman harga Vitrine anda');
    expect(newAlertsConfirmMail(testTranslator('fr-CA'), { link: 'L' }).subject).toBe('Confirmez vos nouvelles alertes de prix Vitrine');
  });

  it('keep the English text and its link exactly', () => {
    const mail = passwordResetMail(testTranslator('en-CA'), { name: 'Jane', link: 'L', validMinutes: 60 });
    expect(mail.subject).toBe('Reset your Vitrine password');
    expect(mail.text).toBe(
      [
        'Hello Jane,',
        '',
        'Someone asked to reset the password of your Vitrine account. To choose a new password, open this link:',
        '',
        'L',
        '',
        'The link works once, for 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
        '',
        'Vitrine',
      ].join('\n'),
    );
  });
});

describe('the alert e-mail in French', () => {
  const french = testTranslator('fr-CA');
  const priced = { ...COUNTRIES.CA, locale: 'fr-CA' };
  const item = (over: Partial<FiredItem>): FiredItem => ({
    kind: 'price',
    productName: 'Robe midi en satin',
    image: `${SITE}/i.jpg`,
    link: `${SITE}/ca/fr/women/dresses/d`,
    oldPrice: formatPrice(1234.5, priced),
    newPrice: formatPrice(999, priced),
    unsubscribe: `${SITE}/ca/fr/alerts/unsubscribe/v1.1.u1.x`,
    locale: 'fr-CA',
    ...over,
  });

  it('says what fired, with prices as fr-CA writes them, the store in its words, and the footer rules', () => {
    const one = alertsFiredMail(french, { items: [item({ store: 'Rivington & Co' })], unsubscribeAll: `${SITE}/ca/fr/alerts/unsubscribe/v1.1.u1.x`, rules: { digestHours: 24, rearmPercent: 5 } });
    expect(one.subject).toBe(`Baisse de prix${NBSP}: Robe midi en satin`);
    expect(one.text).toContain(`Une alerte que vous avez créée sur Vitrine s'est déclenchée${NBSP}:`);
    expect(one.text).toContain(`Avant 1${NBSP}234,50${NBSP}$, maintenant à 999${NBSP}$ chez Rivington & Co`);
    expect(one.text).toContain(`Arrêter cette alerte${NBSP}: ${SITE}/ca/fr/alerts/unsubscribe/v1.1.u1.x`);
    expect(one.text).toContain(`Se désabonner${NBSP}: ${SITE}/ca/fr/alerts/unsubscribe/v1.1.u1.x`);
    // The store's name is escaped, the price markup kept, the message's words around them.
    expect(one.html).toContain(`<p><s>1${NBSP}234,50${NBSP}$</s> <strong>999${NBSP}$</strong> chez Rivington &#38; Co</p>`);
    expect(one.html).toContain('<html lang="fr-CA">');
    expect(one.html).toContain('>Arrêter cette alerte</a>');
    expect(alertMailRulesText(french, { digestHours: 24, rearmPercent: 2.5 })).toEqual([
      `Nous vous envoyons au plus un courriel d'alerte toutes les 24 heures${NBSP}: les alertes déclenchées entre-temps attendent et arrivent ensemble dans le suivant.`,
      `Une alerte de solde ou de prix déjà déclenchée ne vous prévient de nouveau que si le prix descend d'au moins 2,5${NBSP}% sous le prix signalé. Une alerte de retour en stock ne vous prévient qu'une fois.`,
    ]);
    for (const line of alertMailRulesText(french, { digestHours: 24, rearmPercent: 5 })) expect(one.text).toContain(line);
  });

  it('counts several in the subject, and names a size back in stock', () => {
    const two = alertsFiredMail(french, {
      items: [item({ kind: 'stock', oldPrice: null, size: 'M' }), item({})],
      unsubscribeAll: `${SITE}/ca/fr/alerts/unsubscribe/v1.0.u1.x`,
      rules: { digestHours: 1, rearmPercent: 0 },
    });
    expect(two.subject).toBe('2 de vos alertes Vitrine se sont déclenchées');
    expect(two.text).toContain(`De retour en stock en taille M, maintenant à 999${NBSP}$`);
    expect(two.text).toContain(`Se désabonner de toutes ces alertes${NBSP}: ${SITE}/ca/fr/alerts/unsubscribe/v1.0.u1.x`);
    expect(two.text).toContain(`Nous vous envoyons au plus un courriel d'alerte par heure${NBSP}:`);
    expect(two.html).toContain('>Se désabonner de toutes ces alertes</a>');
  });
});

describe('the alert e-mail in Tamil and Traditional Chinese', () => {
  it('writes the digest rules and the subject of several drops in each', () => {
    expect(alertMailRulesText(testTranslator('ta-SG'), { digestHours: 24, rearmPercent: 5 })[0]).toBe(
      'ஒவ்வொரு 24 மணிநேரத்திற்கும் அதிகபட்சம் ஒரு எச்சரிக்கை மின்னஞ்சலை மட்டுமே அனுப்புவோம்: இடையில் செயல்படும் எச்சரிக்கைகள் காத்திருந்து அடுத்த மின்னஞ்சலில் ஒன்றாக வரும்.',
    );
    const item: FiredItem = { kind: 'price', productName: 'P', image: 'I', link: null, oldPrice: 'HK$500', newPrice: 'HK$450', unsubscribe: 'U' };
    const mail = alertsFiredMail(testTranslator('zh-HK'), { items: [item, item], unsubscribeAll: 'A', rules: { digestHours: 1, rearmPercent: 5 } });
    expect(mail.subject).toBe('你有 2 個 Vitrine 提示：價格已下調');
    expect(mail.text).toContain('原價 HK$500，現價 HK$450');
    expect(mail.text).toContain('我們每小時最多寄出一封提示電郵');
  });
});
