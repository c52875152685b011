// What the search feature offers other features, the routes and the app's frame.
export { SearchBar, SearchEntries } from './components/search-entries';
export { SearchPage } from './components/search-page';
export { useRecordProductView } from './hooks/use-record-product-view';
export { useSpeechRecognition, type SpeechInput } from './hooks/use-speech-recognition';
export { SearchOverlayProvider, searchModeFromState, useSearchOverlay } from './search-overlay-context';
