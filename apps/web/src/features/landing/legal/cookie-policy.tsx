import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { fillSlots, slot } from '../lib/slots';
import type { LegalDocument } from './legal-document';

const { supportEmail } = content;

export const cookiePolicy: LegalDocument = {
  slug: 'cookie-policy',
  title: msg('Cookie Policy'),
  summary: msg(
    '{name} sets no cookies and uses no tracking. This page lists everything the site keeps in your browser.',
  ),
  sections: [
    {
      heading: msg('No cookies, no tracking'),
      body: () => (
        <p>
          {t(
            'Our website and app set no cookies at all: no analytics, no advertising and no third-party trackers. We do not follow you across other websites and we do not build advertising profiles.',
          )}
        </p>
      ),
    },
    {
      heading: msg('What we keep in your browser, and why'),
      body: () => (
        <ul>
          <li>
            {fillSlots(
              t(
                '{item} (browser local storage, key {key}): keeps you signed in after you log in. It is strictly necessary for the service, is removed when you log out, and stops working when it expires.',
                { item: slot(0), key: slot(1) },
              ),
              <strong>{t('Sign-in token')}</strong>,
              <code>{AUTH_TOKEN_KEY}</code>,
            )}
          </li>
          <li>
            {fillSlots(
              t(
                '{item} (session storage): remembers that you closed the "Install App" suggestion, only until you close the browser.',
                { item: slot(0) },
              ),
              <strong>{t('Install prompt choice')}</strong>,
            )}
          </li>
          <li>
            {fillSlots(
              t(
                "{item} (service worker cache): the app's own files, so it opens quickly and even without a connection. It holds no personal data; your account data always comes from our servers.",
                { item: slot(0) },
              ),
              <strong>{t('Offline copy of the app')}</strong>,
            )}
          </li>
        </ul>
      ),
    },
    {
      heading: msg('Your choices'),
      body: () => (
        <p>
          {fillSlots(
            t(
              "Because nothing here tracks you, there is nothing to opt out of. You can remove all of it at any time by logging out and clearing this site's data in your browser settings; you will then need to sign in again. Questions: {email}.",
              { email: slot(0) },
            ),
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>,
          )}
        </p>
      ),
    },
    {
      heading: msg('Changes'),
      body: () => (
        <p>
          {t(
            'If we ever want to use cookies or similar technology that is not strictly necessary, we will update this page first and ask for your consent before setting them.',
          )}
        </p>
      ),
    },
  ],
};
