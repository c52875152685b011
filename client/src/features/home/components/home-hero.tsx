import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './home-hero.css';

/** The home page's headline over the market backdrop; `children` is the search bar. */
export function HomeHero({ children }: { children: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__content">
        <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {t('hero.title')}
        </h1>
        <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
        {children}
      </div>
    </section>
  );
}
