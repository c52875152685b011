// What the language feature offers the app's frame.
export { LanguageToggle } from './components/language-toggle';
