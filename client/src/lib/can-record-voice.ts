/** The longest voice note (the server takes 2 minutes). */
export const VOICE_NOTE_MAX_MS = 120_000;

/** Whether this browser can record from a microphone (MediaRecorder and getUserMedia). */
export const canRecordVoice = () =>
  typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The file name a recording is sent with (the server tells its type by its bytes anyway). */
export const voiceFileName = (type: string) => (type.includes('mp4') ? 'voice-note.m4a' : type.includes('ogg') ? 'voice-note.ogg' : 'voice-note.webm');
