// Monaco runs language services in web workers, and Vite must see each worker as a `?worker` import
// at build time to bundle it (a bare `new Worker(new URL('monaco-editor/...'))` is not resolved).
// Same mapping as @graphiql/react's own Vite setup, minus its console logging.
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';
import type { Environment } from 'monaco-editor';

// window is globalThis here; monaco-editor declares the global on Window.
window.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    switch (label) {
      case 'json':
        return new JsonWorker();
      case 'graphql':
        return new GraphQLWorker();
      default:
        return new EditorWorker();
    }
  },
} satisfies Environment;
