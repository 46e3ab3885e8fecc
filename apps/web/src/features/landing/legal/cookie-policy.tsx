import { content } from '../../../config/content';
import type { LegalDocument } from './legal-document';

const { productName: name, supportEmail } = content;

export const cookiePolicy: LegalDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  summary: `${name} sets no cookies and uses no tracking. This page lists everything the site keeps in your browser.`,
  sections: [
    {
      heading: 'No cookies, no tracking',
      body: (
        <p>
          Our website and app set no cookies at all: no analytics, no advertising and no third-party trackers.
          We do not follow you across other websites and we do not build advertising profiles.
        </p>
      ),
    },
    {
      heading: 'What we keep in your browser, and why',
      body: (
        <ul>
          <li>
            <strong>Sign-in token</strong> (browser local storage, key <code>authToken</code>): keeps you
            signed in after you log in. It is strictly necessary for the service, is removed when you log out,
            and stops working when it expires.
          </li>
          <li>
            <strong>Install prompt choice</strong> (session storage): remembers that you closed the
            &quot;Install App&quot; suggestion, only until you close the browser.
          </li>
          <li>
            <strong>Offline copy of the app</strong> (service worker cache): the app&apos;s own files, so it
            opens quickly and even without a connection. It holds no personal data; your account data always
            comes from our servers.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Your choices',
      body: (
        <p>
          Because nothing here tracks you, there is nothing to opt out of. You can remove all of it at any
          time by logging out and clearing this site&apos;s data in your browser settings; you will then need
          to sign in again. Questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
    {
      heading: 'Changes',
      body: (
        <p>
          If we ever want to use cookies or similar technology that is not strictly necessary, we will update
          this page first and ask for your consent before setting them.
        </p>
      ),
    },
  ],
};
