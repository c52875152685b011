import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startIsolatedApp } from '../../support/app.js';
import { E2E_TRANSCRIPT, startTranscriptionServer } from '../../support/fake-speech.js';

/**
 * Starts the real app once for the browser journeys: API, workers and the built web app
 * (client/dist, built by `npm test` beforehand) on an ephemeral port, with its own database.
 */
export default async function setup(project: TestProject) {
  const { templateDatabaseUrl, redisUrl } = project.getProvidedContext();
  // Speech-to-text on, against a local server speaking the transcription API: every recording is heard as E2E_TRANSCRIPT.
  const speech = await startTranscriptionServer(() => ({ text: E2E_TRANSCRIPT }));
  const app = await startIsolatedApp({
    templateDatabaseUrl,
    redisUrl,
    clientDist: path.resolve('client/dist'),
    // Journeys log in, and ask for verification codes, many times from one address.
    overrides: { LOGIN_MAX_ATTEMPTS_PER_IP: '1000', OTP_DAILY_CAP_PER_CLIENT: '1000', SPEECH_TO_TEXT: 'openai', SPEECH_BASE_URL: speech.url, SPEECH_TIMEOUT_MS: '10000' },
  });
  project.provide('baseUrl', app.url);
  // What a journey needs to run a server command against this app (an operator is made only by a command).
  project.provide('appStore', { databaseUrl: app.databaseUrl, redisPrefix: app.config.REDIS_PREFIX });
  return async () => {
    const t0 = Date.now();
    await app.close();
    await speech.close();
    console.log(`[e2e] app closed in ${Date.now() - t0} ms`);
  };
}
