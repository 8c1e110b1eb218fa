/** Every differential scenario, by area, in the order the runner prints them. */
import { CONSTRUCTOR_SCENARIOS } from './constructor-scenarios.js';
import { CLIENT_SCENARIOS } from './client-scenarios.js';
import { AUTHORIZE_SCENARIOS } from './authorize-scenarios.js';
import { DB_SCENARIOS } from './db-scenarios.js';
import { PASSWORDLESS_SCENARIOS } from './passwordless-scenarios.js';
import type { Scenario } from './scenario.js';
import { SCENARIOS } from './scenarios.js';
import { TOKEN_SCENARIOS } from './token-scenarios.js';

export const ALL_SCENARIOS: Scenario[] = [
  ...CONSTRUCTOR_SCENARIOS,
  ...SCENARIOS,
  ...AUTHORIZE_SCENARIOS,
  ...TOKEN_SCENARIOS,
  ...DB_SCENARIOS,
  ...PASSWORDLESS_SCENARIOS,
  ...CLIENT_SCENARIOS,
];
