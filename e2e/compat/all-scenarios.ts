/** Every differential scenario, by area, in the order the runner prints them. */
import { AUTHORIZE_SCENARIOS } from './authorize-scenarios.js';
import { CAPTCHA_SCENARIOS } from './captcha-scenarios.js';
import { CONSTRUCTOR_SCENARIOS } from './constructor-scenarios.js';
import { DB_SCENARIOS } from './db-scenarios.js';
import { MANAGEMENT_SCENARIOS } from './management-scenarios.js';
import { PARSE_HASH_SCENARIOS } from './parse-hash-scenarios.js';
import { PASSWORDLESS_SCENARIOS } from './passwordless-scenarios.js';
import { POPUP_SCENARIOS } from './popup-scenarios.js';
import type { Scenario } from './scenario.js';
import { SILENT_AUTH_SCENARIOS } from './silent-auth-scenarios.js';
import { TOKEN_SCENARIOS } from './token-scenarios.js';
import { TRANSPORT_SCENARIOS } from './transport-scenarios.js';

export const ALL_SCENARIOS: Scenario[] = [
  ...CONSTRUCTOR_SCENARIOS,
  ...AUTHORIZE_SCENARIOS,
  ...PARSE_HASH_SCENARIOS,
  ...TOKEN_SCENARIOS,
  ...DB_SCENARIOS,
  ...PASSWORDLESS_SCENARIOS,
  ...POPUP_SCENARIOS,
  ...MANAGEMENT_SCENARIOS,
  ...TRANSPORT_SCENARIOS,
  ...SILENT_AUTH_SCENARIOS,
  ...CAPTCHA_SCENARIOS,
];
