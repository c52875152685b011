// Live events on the client (docs/architecture.md#live-events).
export { LiveStatusNotice } from './live-status-notice';
export { useLatestReload } from './use-latest-reload';
export { useLiveEvents, useRealtimeStatus, type LiveEvent, type LiveEventsState, type UseLiveEventsOptions } from './use-live-events';
