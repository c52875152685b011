// What the search feature offers other features (the routes import its pages directly).
export { useRecordProductView } from './hooks/use-record-product-view';
export { useSpeechRecognition, type SpeechInput } from './hooks/use-speech-recognition';
