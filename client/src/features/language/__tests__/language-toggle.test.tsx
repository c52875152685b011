import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n';
import { LanguageToggle } from '../components/language-toggle';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('drawer.home')}</p>;
}

describe('language toggle', () => {
  it('starts in English and switches to Hindi, remembering the choice', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageToggle />
        <Greeting />
      </>,
    );
    const english = screen.getByRole('button', { name: 'English' });
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Home')).toBeInTheDocument();

    await user.click(hindi);

    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(hindi).toHaveAttribute('aria-pressed', 'true');
    expect(english).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(screen.getByText('होम')).toBeInTheDocument();

    await user.click(english);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
