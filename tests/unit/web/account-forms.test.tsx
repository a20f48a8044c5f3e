import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import type { Viewer } from '../../../client/app/viewer';
import { AccountMenu } from '../../../client/components/account/AccountMenu';
import { AuthForm } from '../../../client/components/account/AuthForm';
import { authErrors, type AuthValues } from '../../../client/components/account/auth-forms';
import type { SiteConfig } from '../../../shared/payload';
import { withI18n } from '../../support/i18n';

// The account forms and menu speak the page's language (issue 29): the sign-in / register
// form's labels and the shared rules' messages under its fields (as a post without JavaScript
// shows them), and the account menu's links, in French, Traditional Chinese and Tamil; English
// pages keep today's words.

const site = (country: SiteConfig['country'], language: SiteConfig['language'], basename: string): SiteConfig => ({
  country,
  language,
  basename,
  catalog: '',
  siteUrl: 'https://www.vitrine.example',
  assets: { entry: '/e.js', css: [], modulepreload: [] },
  isBot: false,
});

const SITES: Record<string, SiteConfig> = {
  'en-GB': site('GB', '', ''),
  'fr-CA': site('CA', 'fr', '/ca/fr'),
  'zh-HK': site('HK', 'zh', '/hk/zh'),
  'ta-SG': site('SG', 'ta', '/sg/ta'),
};

function render(element: ReactElement, locale: string): string {
  const config = SITES[locale]!;
  return renderToString(
    <SiteConfigContext.Provider value={config}>
      {withI18n(
        <MemoryRouter basename={config.basename || undefined} initialEntries={[`${config.basename}/authentication`]}>
          {element}
        </MemoryRouter>,
        locale,
      )}
    </SiteConfigContext.Provider>,
  );
}

/** The text of each element with `className`, in order. */
const textsOf = (html: string, className: string) => [...html.matchAll(new RegExp(`class="${className}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]);
const labels = (html: string) => [...html.matchAll(/<label for="[^"]*">([^<]*)</g)].map((m) => m[1]);

/** The register form as a post without JavaScript is answered: an address that is not one, passwords that differ. */
function registerAnswered(locale: string): string {
  const values: AuthValues = { email: 'Ana@example', password: 'abc', confirm_password: 'abd' };
  return render(
    <AuthForm initialMode="Register" headingLevel="h1" initialValues={values} initialErrors={authErrors('Register', values)} onSignedIn={() => undefined} />,
    locale,
  );
}

const viewer: Viewer = {
  userId: 7,
  userName: 'ana',
  name: 'Ana Lima',
  email: 'ana@example.com',
  profileImage: null,
  type: 3,
  hasPassword: true,
  socialProviders: [],
  createdAt: '2026-01-02T00:00:00.000Z',
  notificationCount: 3,
};

describe('the sign-in and register form', () => {
  it('keeps its English words on an English page', () => {
    const html = registerAnswered('en-GB');
    expect(textsOf(html, 'auth-title')).toEqual(['REGISTER']);
    expect(labels(html)).toEqual(['Email', 'Password', 'Confirm Password']);
    expect(textsOf(html, 'field-error')).toEqual(['Please check the email address and enter again.', 'The password must be of minimum length 4 characters.', 'Password mismatch']);
  });

  it('says everything in French on a Canadian French page', () => {
    const html = registerAnswered('fr-CA');
    expect(textsOf(html, 'auth-title')).toEqual(['INSCRIPTION']);
    expect(labels(html)).toEqual(['Courriel', 'Mot de passe', 'Confirmer le mot de passe']);
    expect(textsOf(html, 'field-error')).toEqual([
      'Veuillez vérifier l&#x27;adresse courriel et la saisir de nouveau.',
      'Le mot de passe doit compter au moins 4 caractères.',
      'Les mots de passe ne correspondent pas',
    ]);
    expect(html).toContain('Non, je suis un nouvel utilisateur');
    expect(html).toContain('Ou continuer avec');
  });

  it('says everything in Traditional Chinese on a Hong Kong page, and in Tamil on a Singapore Tamil page', () => {
    const hk = registerAnswered('zh-HK');
    expect(textsOf(hk, 'auth-title')).toEqual(['註冊']);
    expect(labels(hk)).toEqual(['電郵', '密碼', '確認密碼']);
    expect(textsOf(hk, 'field-error')).toEqual(['請檢查電郵地址並重新輸入。', '密碼最少須有 4 個字元。', '密碼不相符']);

    const ta = render(<AuthForm initialMode="Login" headingLevel="h1" initialErrors={{ email: authErrors('Login', { email: '', password: '', confirm_password: '' }).email! }} onSignedIn={() => undefined} />, 'ta-SG');
    expect(textsOf(ta, 'auth-title')).toEqual(['உள்நுழை']);
    expect(labels(ta)).toEqual(['மின்னஞ்சல்/பயனர் பெயர்', 'கடவுச்சொல்']);
    expect(textsOf(ta, 'field-error')).toEqual(['மின்னஞ்சல்/பயனர் பெயர் தேவை.']);
    expect(ta).toContain('கடவுச்சொல்லை மறந்துவிட்டீர்களா?');
  });
});

describe('the account menu', () => {
  it('names the account sections and the notifications in the page language', () => {
    const en = render(<AccountMenu viewer={viewer} />, 'en-GB');
    expect(en).toContain('aria-label="Notifications: 3"');
    expect(en).toContain('>My Wishlists</a>');
    expect(en).toContain('Logout');

    const hk = render(<AccountMenu viewer={viewer} />, 'zh-HK');
    expect(hk).toContain('aria-label="通知：3"');
    expect(hk).toContain('>我的願望清單</a>');
    expect(hk).toContain('登出');

    const fr = render(<AccountMenu viewer={viewer} />, 'fr-CA');
    expect(fr).toContain('>Mes listes de souhaits</a>');
    expect(fr).toContain('Déconnexion');
  });
});
