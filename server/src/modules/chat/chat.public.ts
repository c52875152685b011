// What other modules may use of chat besides ChatService: the `chat.changed` topic, to route its events
// to their own jobs (the seller figures count first replies from it).
export { chatChanged, type ChatChanged } from './chat-events.js';
