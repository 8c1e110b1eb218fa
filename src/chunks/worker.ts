/**
 * The refresh-token worker chunk (webauth.worker.min.js): starts the Worker that holds the refresh
 * token, loaded on first use through `loadCapability('refreshWorker')`
 * (web-auth/code-flow/lazy-refresh-worker.ts).
 */
// `fetch` and `forget`: the main file reads them as properties of this module, under these names.
export {
  forgetToken as forget,
  startRefreshWorker,
  workerFetch as fetch,
  WORKER_START_MS,
  workerSource,
  type RunningWorker,
} from '../refresh/worker/start.js';
