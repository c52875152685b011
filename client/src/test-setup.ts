import '@testing-library/jest-dom/vitest';
import './lib/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { changeLanguage } from './lib/i18n';

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await changeLanguage('en');
  window.localStorage.clear();
});
