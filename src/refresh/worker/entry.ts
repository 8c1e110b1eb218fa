/** The refresh-token worker's script: a vault wired to the worker's own `fetch` and messages. */
import type { PageMessage } from './protocol.js';
import { createVault } from './vault.js';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
};
const vault = createVault((url, init) => fetch(url, init));
scope.onmessage = (event) => vault.receive(event.data, (answer) => scope.postMessage(answer));
