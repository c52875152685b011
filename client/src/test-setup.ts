import '@testing-library/jest-dom/vitest';
import './lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { changeLanguage } from './lib/i18n';

// `npm test` runs the client tests beside the server and browser suites on a small machine: a screen
// that renders in 50 ms alone can take over a second then, so findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await changeLanguage('en');
  window.localStorage.clear();
});
