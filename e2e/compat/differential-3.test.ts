/** The differential suite, shard 3: the scenarios it gets and its tests are in differential.ts. */
import { differentialTests, shardOf } from './differential.js';

differentialTests(shardOf(import.meta.url));
