import '@testing-library/jest-dom/vitest';
import './lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { changeLanguage, loadLanguage, loadScreenTexts } from './lib/i18n';

// The app fetches the Hindi texts and other screens' English texts when first needed; tests have them from the start.
await Promise.all([loadLanguage('hi'), loadScreenTexts()]);

// jsdom lays nothing out, so it has no scrolling: React Router's ScrollRestoration scrolls the window on
// every navigation, which jsdom answers with a 'not implemented' error for each. Scrolling is a no-op here.
window.scrollTo = () => undefined;

// `npm test` runs the client tests beside the server and browser suites on a small machine: a screen
// that renders in 50 ms alone can take over a second then, so findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // After the unmount: a screen's last effects may still save to storage until it is gone (the
  // search assistant saves its conversation for the session), and the next test must not restore it.
  window.sessionStorage.clear();
  window.localStorage.clear();
  await changeLanguage('en');
  window.localStorage.clear();
});
