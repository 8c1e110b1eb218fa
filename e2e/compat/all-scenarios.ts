/** Every differential scenario, by area, in the order the runner prints them. */
import { CONSTRUCTOR_SCENARIOS } from './constructor-scenarios.js';
import { CLIENT_SCENARIOS } from './client-scenarios.js';
import { TOKEN_SCENARIOS } from './token-scenarios.js';
import type { Scenario } from './scenario.js';
import { SCENARIOS } from './scenarios.js';

export const ALL_SCENARIOS: Scenario[] = [...CONSTRUCTOR_SCENARIOS, ...SCENARIOS, ...TOKEN_SCENARIOS, ...CLIENT_SCENARIOS];
