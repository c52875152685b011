// What the home feature offers the routes. The sections below the hero come in a chunk of their own, fetched
// once the hero is shown, so they are offered as a loader, never imported here.
export { HomeHero } from './components/home-hero';

export const loadHomeSections = () => import('./components/home-sections').then((m) => m.HomeSections);
