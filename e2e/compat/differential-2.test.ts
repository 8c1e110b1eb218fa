/** The differential suite, shard 2: the scenarios it gets and its tests are in differential.ts. */
import { differentialTests, shardOf } from './differential.js';

differentialTests(shardOf(import.meta.url));
